/**
 * The root middleware chain, in order: the per-request API client and cookie relay, the
 * tracking-parameter redirect, language detection, and the logged-in member.
 */
import { data, redirect, type MiddlewareFunction } from "react-router";
import { ApiClient } from "./api/client.server";
import { siteSettings } from "./api/site.server";
import { PARTNER_IMAGE_HOSTS_HEADER } from "./security.server";
import { fetchUser } from "./api/session.server";
import { clearTrackingCookie, readCookie, trackingCookie } from "./cookies.server";
import { requireUser } from "./auth.server";
import { apiContext, outgoingCookies, requestContext, trackingContext, userContext } from "./context";
import { isUnreadableFormPost } from "./form-body.server";
import { i18nextMiddleware } from "./i18n.server";
import { CONSENT_COOKIE, extractTracking, parseConsent, parseTracking, TRACKING_COOKIE } from "./tracking";

/** Makes the API client and relays every cookie set during the request (API's and ours). */
const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env, requestId } = context.get(requestContext);
  const api = new ApiClient(request, env, requestId);
  const cookies: string[] = [];
  context.set(apiContext, api);
  context.set(outgoingCookies, cookies);
  const response = await next();
  const all = [...api.setCookies, ...cookies];
  if (all.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of all) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * Affiliate tracking (lib/tracking.ts, ADR 034). With the visitor's consent, landing URLs lose
 * their tracking parameters (kept in a cookie) through one redirect; without it nothing is
 * stored, and a tracking cookie left from before is cleared.
 */
const trackingMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const consent = parseConsent(readCookie(request, CONSENT_COOKIE.name));
  const cookie = readCookie(request, TRACKING_COOKIE.name);
  const stored = consent === "partners" ? parseTracking(cookie) : {};
  if (consent !== "partners" && cookie !== undefined) context.get(outgoingCookies).push(clearTrackingCookie(request));
  const found = extractTracking(new URL(request.url), stored);
  if (found && consent === "partners" && request.method === "GET") {
    context.get(outgoingCookies).push(trackingCookie(request, found.tracking));
    throw redirect(found.cleanUrl, { status: 302 });
  }
  context.set(trackingContext, { tracking: found?.tracking ?? stored, consent, ask: found !== null && consent === null });
  return next();
};

/**
 * Asks the API who the member is, once per request, without waiting: the page's loaders start
 * beside it, so a member page costs one round trip, not two (docs/decisions/043). Everything
 * else awaits the answer through lib/auth.server.ts. When the API fails, the failure (the 503/502
 * error page) is thrown where the member is read: a request that never asks who the member is
 * (the translations at /_i18n/…, static answers) is still answered, so the error page's script is
 * not left without its messages (issue 29 point 18).
 */
const userMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const user = fetchUser(context.get(apiContext));
  // Read or not, a failure must not surface as an unhandled rejection.
  user.catch(() => {});
  context.set(userContext, user);
  return next();
};

/**
 * Pages may show the partner feed's snapshots: the site's image hosts go to the worker entry,
 * which adds them to the CSP's img-src (security.server.ts). Settings are cached per isolate,
 * so this is no extra call; an API that is down leaves the policy as it is.
 */
const partnerImageHostsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  let hosts: string[] = [];
  try {
    hosts = (await siteSettings(request, context)).partner_image_hosts;
  } catch {
    return response;
  }
  if (hosts.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.set(PARTNER_IMAGE_HOSTS_HEADER, hosts.join(" "));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/**
 * A post whose body is no form (JSON, text, no Content-Type) never reaches an action: 415 with
 * the error page, translated (lib/form-body.server.ts; docs/decisions/041).
 */
const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isUnreadableFormPost(request)) throw data({ reason: "unreadable_form" }, { status: 415 });
  return next();
};

export const rootMiddleware = [
  apiMiddleware,
  partnerImageHostsMiddleware,
  trackingMiddleware,
  i18nextMiddleware,
  formBodyMiddleware,
  userMiddleware,
];

/**
 * Member pages a banned member keeps (ADR 030): deleting the account (GDPR art. 17) and the
 * appeal of a decision. /pages/ban itself is public; the data export (/profile/data) is a
 * resource route outside this guard.
 */
const OPEN_WHILE_BANNED = [/^\/profile\/delete\/?$/, /^\/appeals\/\d+\/?$/];

/**
 * For routes that need a member: visitors go to /login?redirectTo=<where they were>; a banned
 * member goes to /pages/ban (the statement of reasons and the appeal), whatever the page.
 * The page's loaders start at once, beside the member's lookup, and the guard's answer wins:
 * what they loaded for a visitor (every member call refuses one) or a banned member (the API
 * answers them 403 account_banned) is never sent.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const page = next();
  page.catch(() => {});
  await requireMemberPage(args);
  return page;
};

/**
 * The guard's rule: the member, or the redirect (to /login, or to /pages/ban for a banned
 * member). The guard's loader asks it too (routes/guards/login-required.tsx): a loader's
 * redirect stops the page from rendering, where the middleware's alone would come only after
 * the page, loaded beside it, had started to render for nobody.
 */
export async function requireMemberPage(args: { request: Request; context: Parameters<typeof requireUser>[0]["context"] }) {
  const user = await requireUser(args);
  const path = new URL(args.request.url).pathname;
  if (user.ban && !OPEN_WHILE_BANNED.some((open) => open.test(path))) throw redirect("/pages/ban", { status: 302 });
  return user;
}
