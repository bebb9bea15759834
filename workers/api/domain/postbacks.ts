/**
 * Conversion postbacks to affiliate networks (issue 13; docs/product.md §11.5,
 * docs/decisions/025-conversion-postbacks.md).
 *
 * - Trigger (triggerPostback): sign-up (soi), the address confirmed (doi), the first paid order
 *   (sale). The member's sign-up tracking (members.trafficsource: network, ref, sub1–sub3)
 *   names the network; the site's `postbacks.networks[network][event]` is the URL template.
 *   A row is inserted first — UNIQUE (member_id, event) — and only the request whose insert
 *   made the row queues it, so a postback is sent at most once per account and event however
 *   many requests trigger it together.
 * - Delivery (consumePostbackBatch, the POSTBACK_QUEUE consumer): a GET with a timeout,
 *   redirects not followed. 2xx/3xx: sent. 5xx, 408, 429, a timeout or a network error: tried
 *   again after POSTBACK_RETRY_SECONDS × 4^(attempt−1), up to MAX_ATTEMPTS, then failed.
 *   Other 4xx: failed at once. Every outcome is written to the row (the operator's log).
 * - Safety: the URL must be http(s) and not a loopback/private host, checked when the settings
 *   are loaded (StoredSettingsSchema) and again before each send; the only exception is a site
 *   with `postbacks.allow_private_hosts` on a worker with POSTBACK_ALLOW_PRIVATE = "1" (the
 *   tests' local fake receiver). Macro values are URL-encoded and cut to 255 characters.
 */
import type { Context } from "hono";
import { z } from "zod";
import { fillTemplate, outboundUrlProblem } from "../../../contract/rules/outbound-urls";
import type { PostbackEvent, PostbackMacro } from "../../../contract/rules/postback-macros";
import type { ApiContext } from "../context";
import { createDb, type Db } from "../db/client";
import { runAfterAnswer } from "../lib/after-answer";
import { findSiteById, type Site } from "../lib/site";

type Env = ApiContext["Bindings"];

export const MAX_ATTEMPTS = 5;
/** Cloudflare Queues delays a message at most 12 hours. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;

export const PostbackJobSchema = z.object({ postback: z.number().int().positive() });
export type PostbackJob = z.infer<typeof PostbackJobSchema>;

/** Seconds before the attempt after `attempt`: base, 4×base, 16×base, … (base: POSTBACK_RETRY_SECONDS, default 60). */
export function retryDelaySeconds(env: Pick<Env, "POSTBACK_RETRY_SECONDS">, attempt: number): number {
  const base = Number(env.POSTBACK_RETRY_SECONDS);
  const seconds = (Number.isFinite(base) && base >= 0 ? base : 60) * 4 ** Math.max(0, attempt - 1);
  return Math.min(MAX_DELAY_SECONDS, Math.round(seconds));
}

export function timeoutMs(env: Pick<Env, "POSTBACK_TIMEOUT_MS">): number {
  const value = Number(env.POSTBACK_TIMEOUT_MS);
  return Number.isFinite(value) && value >= 50 && value <= 30_000 ? value : 5000;
}

/** Private and loopback receivers: only with both the site's setting and the worker's var on. */
export function allowPrivate(site: Site, env: Pick<Env, "POSTBACK_ALLOW_PRIVATE">): boolean {
  return env.POSTBACK_ALLOW_PRIVATE === "1" && site.settings.postbacks?.allow_private_hosts === true;
}

/** The sign-up tracking stored on the account, whatever shape an older row has. */
export function trackingOf(stored: string | null): Record<string, string> {
  if (!stored) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === "string" || typeof value === "number") out[key] = String(value);
  }
  return out;
}

export interface Sale {
  amountCents: number;
  currency: string;
}

/**
 * Makes the member's postback for `event` and queues it, if their network has a template for
 * it and none was made before. Never throws: a conversion must not fail because of its postback.
 * Answers the new row's id (null: nothing made).
 */
export async function triggerPostback(env: Env, memberId: number, event: PostbackEvent, sale?: Sale): Promise<number | null> {
  try {
    return await makePostback(env, createDb(env.DB), memberId, event, sale);
  } catch (error) {
    console.error(`postback ${event} for member ${memberId} not made`, error);
    return null;
  }
}

async function makePostback(env: Env, db: Db, memberId: number, event: PostbackEvent, sale?: Sale): Promise<number | null> {
  const member = await db
    .selectFrom("members")
    .select(["site_id", "trafficsource", "status"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member || member.status === "deleted") return null;
  const tracking = trackingOf(member.trafficsource);
  const network = tracking.network;
  if (!network) return null;
  const site = await findSiteById(db, member.site_id);
  const template = site?.settings.postbacks?.networks[network]?.[event];
  if (!site || !template) return null;
  if (event === "sale") {
    // Only the first sale: a member who paid before postbacks were set up has had theirs.
    const paid = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("member_id", "=", memberId)
      .where("status", "=", "paid")
      .executeTakeFirstOrThrow();
    if (Number(paid.n) > 1) return null;
  }
  const url = fillTemplate(template, {
    clickid: tracking.ref ?? tracking.clickid,
    sub1: tracking.sub1,
    sub2: tracking.sub2,
    sub3: tracking.sub3,
    sub4: tracking.sub4,
    sub5: tracking.sub5,
    event,
    amount: sale ? (sale.amountCents / 100).toFixed(2) : "",
    currency: sale?.currency ?? "",
    network,
  } satisfies Record<PostbackMacro, string | undefined>);
  const problem = outboundUrlProblem(url, allowPrivate(site, env));
  const now = Date.now();
  const row = await db
    .insertInto("postbacks")
    .values({
      site_id: site.id,
      member_id: memberId,
      event,
      network: [...network].slice(0, 64).join(""),
      url,
      status: problem ? "refused" : "queued",
      last_status: null,
      last_error: problem,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["member_id", "event"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return null; // made before (or by a request racing this one)
  if (problem) {
    console.error(`postback ${row.id} refused: ${problem}`);
    return row.id;
  }
  await env.POSTBACK_QUEUE.send({ postback: row.id } satisfies PostbackJob);
  return row.id;
}

export type AttemptResult =
  | { result: "sent"; status: number }
  | { result: "retry"; status: number | null; reason: string }
  | { result: "failed"; status: number | null; reason: string };

/** What every postback request carries (the console's test shows it: docs/decisions/050). */
export const POSTBACK_REQUEST_HEADERS: Readonly<Record<string, string>> = { "User-Agent": "dating-postbacks/1" };

export type Exchange = { response: Response } | { error: "timeout" | "network_error" };

/** One GET to the network, as every postback goes: a timeout, redirects not followed, our User-Agent. */
export async function requestPostback(url: string, ms: number, fetcher: typeof fetch = fetch): Promise<Exchange> {
  try {
    const response = await fetcher(url, {
      method: "GET",
      redirect: "manual",
      headers: { ...POSTBACK_REQUEST_HEADERS },
      signal: AbortSignal.timeout(ms),
    });
    return { response };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { error: timedOut ? "timeout" : "network_error" };
  }
}

/** What an answer's status means for a postback: sent, tried again, or given up. */
export function judgeStatus(status: number): AttemptResult {
  if (status >= 200 && status < 400) return { result: "sent", status };
  if (status >= 500 || status === 408 || status === 429) return { result: "retry", status, reason: `answered ${status}` };
  return { result: "failed", status, reason: `refused with ${status}` };
}

/** One GET to the network. */
export async function attempt(url: string, ms: number, fetcher: typeof fetch = fetch): Promise<AttemptResult> {
  const exchange = await requestPostback(url, ms, fetcher);
  if ("error" in exchange) {
    return {
      result: "retry",
      status: null,
      reason: exchange.error === "timeout" ? `no answer within ${ms} ms` : "network error",
    };
  }
  await exchange.response.body?.cancel().catch(() => undefined);
  return judgeStatus(exchange.response.status);
}

/** Sends one postback once; answers the delay before the next attempt when one is due. */
export async function deliverPostback(
  env: Env,
  id: number,
  fetcher: typeof fetch = fetch,
): Promise<{ retryInSeconds?: number; result?: AttemptResult["result"] | "refused" | "skipped" }> {
  const db = createDb(env.DB);
  const row = await db.selectFrom("postbacks").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.status === "sent" || row.status === "failed" || row.status === "refused") return { result: "skipped" };
  const site = await findSiteById(db, row.site_id);
  const problem = site ? outboundUrlProblem(row.url, allowPrivate(site, env)) : "unknown site";
  if (problem) {
    await db
      .updateTable("postbacks")
      .set({ status: "refused", last_error: problem, updated_at: Date.now() })
      .where("id", "=", id)
      .execute();
    console.error(`postback ${id} refused at send: ${problem}`);
    return { result: "refused" };
  }
  // Claim this attempt: a queue message delivered twice sends once.
  const number = row.attempts + 1;
  const claimed = await db
    .updateTable("postbacks")
    .set({ attempts: number, updated_at: Date.now() })
    .where("id", "=", id)
    .where("attempts", "=", row.attempts)
    .where("status", "in", ["queued", "retrying"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { result: "skipped" };

  const outcome = await attempt(row.url, timeoutMs(env), fetcher);
  const giveUp = outcome.result === "retry" && number >= MAX_ATTEMPTS;
  const status = outcome.result === "sent" ? "sent" : outcome.result === "failed" || giveUp ? "failed" : "retrying";
  const error =
    outcome.result === "sent" ? null : giveUp ? `${outcome.reason}; given up after ${number} attempts` : outcome.reason;
  await db
    .updateTable("postbacks")
    .set({ status, last_status: outcome.status, last_error: error, updated_at: Date.now() })
    .where("id", "=", id)
    .execute();
  const label = `postback ${id} (${row.event}, ${row.network}, attempt ${number})`;
  if (status === "sent") console.log(`${label}: sent, ${outcome.status}`);
  else console.error(`${label}: ${status}, ${error}`);
  return status === "retrying" ? { result: "retry", retryInSeconds: retryDelaySeconds(env, number) } : { result: outcome.result };
}

/** The POSTBACK_QUEUE consumer (index.ts queue()). */
export async function consumePostbackBatch(batch: MessageBatch<unknown>, env: Env, fetcher?: typeof fetch): Promise<void> {
  for (const message of batch.messages) {
    const job = PostbackJobSchema.safeParse(message.body);
    if (!job.success) {
      console.error("postback job refused", job.error.issues);
      message.ack();
      continue;
    }
    try {
      const { retryInSeconds } = await deliverPostback(env, job.data.postback, fetcher);
      if (retryInSeconds !== undefined) await env.POSTBACK_QUEUE.send(job.data, { delaySeconds: retryInSeconds });
      message.ack();
    } catch (error) {
      // Our own failure (D1 unreachable): the queue hands the message back later.
      console.error(`postback ${job.data.postback} failed`, error);
      message.retry({ delaySeconds: retryDelaySeconds(env, message.attempts) });
    }
  }
}

/** For the endpoints: triggers the postback after the answer is written (tests: awaited). */
export function postbackAfterAnswer(
  c: Context<ApiContext>,
  memberId: number,
  event: PostbackEvent,
  sale?: Sale,
): Promise<void> | void {
  return runAfterAnswer(
    c,
    triggerPostback(c.env, memberId, event, sale).then(() => undefined),
  );
}
