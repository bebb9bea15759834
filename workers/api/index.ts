/**
 * The reference API worker: the PHP API contract (/api/*.php) on D1 and R2. The app worker
 * reaches it through a service binding; browsers reach it through the app's /api passthrough.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { methodNotAllowed } from "hono/method-not-allowed";
import { timing } from "hono/timing";
import type { ApiContext } from "./context";
import { account } from "./endpoints/account";
import { appeals } from "./endpoints/appeals";
import { batch } from "./endpoints/batch";
import { activation } from "./endpoints/activation";
import { chat } from "./endpoints/chat";
import { demoCheckout } from "./endpoints/demo-checkout";
import { dev } from "./endpoints/dev";
import { discountCodes } from "./endpoints/discounts";
import { geocode } from "./endpoints/geocode";
import { likes } from "./endpoints/likes";
import { mailChange } from "./endpoints/mail-change";
import { accountRescue } from "./endpoints/account-rescue";
import { misc } from "./endpoints/misc";
import { notifications } from "./endpoints/notifications";
import { orders } from "./endpoints/orders";
import { premiumCalls } from "./endpoints/premium";
import { postbackLog } from "./endpoints/postbacks";
import { pushSettings } from "./endpoints/push-settings";
import { withdrawalCalls } from "./endpoints/withdrawals";
import { partners } from "./endpoints/partners";
import { password } from "./endpoints/password";
import { passwordReset } from "./endpoints/password-reset";
import { profileImage } from "./endpoints/profile-image";
import { safety } from "./endpoints/safety";
import { search } from "./endpoints/search";
import { session } from "./endpoints/session";
import { signup } from "./endpoints/signup";
import { site } from "./endpoints/site";
import { staff } from "./endpoints/staff";
import { visits } from "./endpoints/visits";
import { support } from "./endpoints/support";
import { verification } from "./endpoints/verification";
import { paymentAdapter } from "./adapters/payments";
import { createDb } from "./db/client";
import { DomainError } from "./domain/errors";
import { consumePostbackBatch } from "./domain/postbacks";
import { consumePushBatch } from "./domain/push";
import { renewDue } from "./domain/renewals";
import { isCrossSite } from "./lib/request";
import { apiErrorOf } from "./lib/domain-error-status";
import { ApiError } from "./lib/errors";
import { MAX_BODY_BYTES } from "../../contract/limits";
import { findSiteById } from "./lib/site";
import { queueReceiptFor } from "./mail/receipt";
import { faultSwitch } from "./lib/faults";
import { memberScope } from "./lib/member";
import { requestScope } from "./lib/request-scope";

export const app = new Hono<ApiContext>().basePath("/api");

// Every answer says how long the worker took (Server-Timing: total), from the first middleware
// to the answer, D1 included: what `npm run bench:search` reports as the worker's own time
// (docs/decisions/031-search-at-scale.md), and what an operator sees in the browser's tools.
app.use(timing({ totalDescription: "API worker" }));

app.use(
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      c.json({ error: "method_not_allowed", message: `Use ${methods.join(", ")}.` }, 405, { Allow: methods.join(", ") }),
  }),
);

const jsonBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json({ error: "payload_too_large", message: "The request body is over 1 MB." }, 413),
});
// Photo uploads have their own, larger limit (endpoints/profile-image.ts).
app.use((c, next) => (c.req.path.endsWith("/profileimage.php") ? next() : jsonBodyLimit(c, next)));

app.use(async (c, next) => {
  // Cross-site requests that change state are refused (docs/architecture.md §7). Browsers send
  // Sec-Fetch-Site; older ones only Origin or Referer, which must then name this site; the app's
  // own server-side calls send none of them.
  const unsafe = c.req.method !== "GET" && c.req.method !== "HEAD";
  const sensitiveGet = c.req.path.endsWith("/logout.php") || c.req.path.endsWith("/live.php");
  if ((unsafe || sensitiveGet) && isCrossSite(c.req.raw)) {
    throw new ApiError(403, "cross_site", "Cross-site requests are refused.");
  }
  await next();
});

// Answers are personal unless an endpoint says otherwise (photos, site settings): neither a shared
// cache nor the browser keeps them.
app.use(async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control")) c.header("Cache-Control", "private, no-store");
});
app.use(requestScope);
app.use(memberScope);
app.use(faultSwitch);

app.route("/", session);
app.route("/", site);
app.route("/", misc);
app.route("/", visits);
app.route("/", search);
app.route("/", likes);
app.route("/", partners);
app.route("/", notifications);
app.route("/", signup);
app.route("/", profileImage);
app.route("/", geocode);
app.route("/", activation);
app.route("/", passwordReset);
app.route("/", password);
app.route("/", mailChange);
app.route("/", accountRescue);
app.route("/", account);
app.route("/", chat);
app.route("/", orders);
app.route("/", discountCodes);
app.route("/", withdrawalCalls);
app.route("/", premiumCalls);
app.route("/", pushSettings);
app.route("/", support);
app.route("/", safety);
app.route("/", verification);
app.route("/", staff);
app.route("/", appeals);
app.route("/", dev);
app.route("/", postbackLog);
// A batch runs each of its calls through this worker (endpoints/batch.ts).
app.route(
  "/",
  batch(async (request, c) => app.fetch(request, c.env, executionContextOf(c))),
);
// The demo provider's checkout calls the webhook through this worker, as the provider would.
app.route(
  "/",
  demoCheckout(async (request, c) => app.fetch(request, c.env, executionContextOf(c))),
);

type AppExecutionContext = Parameters<typeof app.fetch>[2];

function executionContextOf(c: { executionCtx: AppExecutionContext }): AppExecutionContext {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request in tests has none
  }
}

app.notFound((c) => c.json({ error: "not_found", message: "No such API call." }, 404));

app.onError((error, c) => {
  if (error instanceof ApiError) return c.json(error.toJSON(), error.status);
  // A rule's refusal (domain/errors.ts), answered with its code's status.
  if (error instanceof DomainError) {
    const answer = apiErrorOf(error);
    return c.json(answer.toJSON(), answer.status);
  }
  // Anything else is our bug: log it once, answer without details (no SQL, no stack).
  const requestId = c.req.header("x-request-id") ?? crypto.randomUUID();
  console.error(`[${requestId}] ${c.req.method} ${c.req.path}`, error);
  return c.json({ error: "internal", message: `Something went wrong (request ${requestId}).` }, 500);
});

/**
 * The hourly cron (wrangler.jsonc "triggers"): premium renewals that are due
 * (domain/renewals.ts). Each membership is its own try; one failing does not stop the rest.
 */
async function scheduled(_controller: ScheduledController, env: ApiContext["Bindings"]): Promise<void> {
  const db = createDb(env.DB);
  const outcomes = await renewDue({
    d1: env.DB,
    db,
    adapter: paymentAdapter(env, db),
    siteById: (id) => findSiteById(db, id),
  });
  for (const outcome of outcomes) {
    if (outcome.result !== "paid" || !outcome.order) continue;
    const site = await findSiteById(db, outcome.order.site_id);
    if (site) await queueReceiptFor({ db, site, env }, outcome.order, `https://${site.settings.domain}`);
  }
  if (outcomes.length > 0) console.log(`premium renewals: ${outcomes.map((o) => `${o.memberId} ${o.result}`).join(", ")}`);
}

/** The queues' consumer (wrangler.jsonc "queues"): push (domain/push.ts) and postbacks (domain/postbacks.ts). */
async function queue(batch: MessageBatch<unknown>, env: ApiContext["Bindings"]): Promise<void> {
  if (batch.queue === "dating-postbacks") await consumePostbackBatch(batch, env);
  else await consumePushBatch(batch, env);
}

export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<ApiContext["Bindings"]>;
export { MemberInbox } from "./durable-objects/inbox";
