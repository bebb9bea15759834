/**
 * Web push for new messages, likes and matches (issue 14; docs/product.md §9,
 * docs/decisions/021-push-delivery.md).
 *
 * The endpoints only enqueue a job (enqueuePush) on the PUSH_QUEUE; the queue consumer
 * (consumePushBatch, the worker's queue() handler) sends it to every subscription of the
 * recipient, in the recipient's language, with a badge count of unread messages + new likes.
 *
 * - Collapse: jobs of one batch for the same conversation (or the same recipient's likes) are
 *   sent once (the newest); the Topic header makes the push service replace a message still
 *   waiting for the device; the notification tag makes the browser replace the one shown.
 * - Retries: each subscription on its own. 429 waits for Retry-After; 413, 5xx and a hang wait
 *   30 s, 2 min, 8 min, 32 min; after MAX_ATTEMPTS (or past the message's TTL) it is given up
 *   and logged. 404/410 delete the subscription. Other 4xx are logged and given up at once.
 */
import type { Context } from "hono";
import { z } from "zod";
import { isLocale } from "../../../contract/locales";
import type { PushPayload } from "../../../contract/schemas";
import { type PushMessageOptions, type PushOutcome, type PushSender, webPushSender } from "../adapters/push";
import type { ApiContext } from "../context";
import { unreadMessages } from "../db/chat";
import { createDb, type Db } from "../db/client";
import { newLikesQuery } from "../db/likes";
import { deletePushSubscription, findPushActor, findPushRecipient, findPushTargets } from "../db/push-subscriptions";
import { runAfterAnswer } from "../lib/after-answer";
import { translatorFor } from "../lib/i18n";
import { findSiteById, isLoopbackHost, type Site } from "../lib/site";
import { vapidFor } from "../lib/vapid";
import { publicOrigin } from "../mail/common";

export const PUSH_KINDS = ["message", "like", "match"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PushJobSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  site: z.number().int(),
  recipient: z.number().int(),
  /** Who wrote or liked. */
  actor: z.number().int(),
  conversation: z.number().int().optional(),
  /** scheme://host of the site as members reach it (the links and icons). */
  origin: z.url(),
  /** When the event happened (ms): nothing is sent after its TTL. */
  created: z.number(),
  /** A retry: only this subscription, this is its attempt number. */
  subscription: z.number().int().optional(),
  attempt: z.number().int().min(1).default(1),
});
export type PushJob = z.input<typeof PushJobSchema>;
type ParsedJob = z.output<typeof PushJobSchema>;

export const MAX_ATTEMPTS = 5;
/** Cloudflare Queues delays a message at most 12 hours. */
const MAX_DELAY_SECONDS = 12 * 60 * 60;

/** Seconds before attempt `next` (2, 3, …): 30 s, 2 min, 8 min, 32 min. */
export function backoffSeconds(next: number): number {
  return Math.min(MAX_DELAY_SECONDS, 30 * 4 ** Math.max(0, next - 2));
}

/** TTL, urgency and topic per kind (RFC 8030 §5.2–5.4). A topic is ≤ 32 base64url characters. */
export function messageOptions(job: Pick<ParsedJob, "kind" | "conversation" | "actor">): PushMessageOptions {
  switch (job.kind) {
    case "message":
      return { ttl: 24 * 60 * 60, urgency: "high", topic: `chat-${job.conversation ?? 0}` };
    case "match":
      return { ttl: 24 * 60 * 60, urgency: "normal", topic: `match-${job.actor}` };
    case "like":
      return { ttl: 24 * 60 * 60, urgency: "low", topic: "likes" };
  }
}

/** The key under which jobs of one batch collapse into one push. */
function collapseKey(job: ParsedJob): string {
  const target = `${job.recipient}:${job.subscription ?? "all"}`;
  return job.kind === "message" ? `${target}:chat:${job.conversation}` : `${target}:${messageOptions(job).topic}`;
}

/** Called by the endpoints after the event is written: queued without holding the answer back. */
export function enqueuePush(
  c: Context<ApiContext>,
  job: Omit<PushJob, "site" | "origin" | "created">,
  /** The recipient's site when it is not the request's (a host's reply from the staff console: ADR 045). */
  recipientSite?: Site,
): Promise<void> | void {
  const otherSite = recipientSite && recipientSite.id !== c.var.site.id ? recipientSite : null;
  const full: PushJob = {
    ...job,
    site: otherSite?.id ?? c.var.site.id,
    origin: otherSite ? `https://${otherSite.settings.domain}` : publicOrigin(c),
    created: Date.now(),
  };
  return runAfterAnswer(
    c,
    c.env.PUSH_QUEUE.send(full).then(
      () => undefined,
      (error: unknown) => console.error("push not queued", error),
    ),
  );
}

function absolute(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

/** The payload for one recipient, in their language (null: nothing to send). */
export async function buildPayload(db: Db, job: ParsedJob): Promise<{ payload: PushPayload; language: string } | null> {
  const site = await findSiteById(db, job.site);
  if (!site) return null;
  const [recipient, actor, newLikes] = await Promise.all([
    findPushRecipient(db, site.id, job.recipient),
    findPushActor(db, job.actor),
    newLikesQuery(db, job.recipient).executeTakeFirstOrThrow(),
  ]);
  if (!recipient || recipient.status === "deleted" || recipient.push_state === "denied") return null;
  if (!actor || actor.status === "deleted") return null;
  const wanted = job.kind === "message" ? recipient.push_messages : recipient.push_likes;
  if (wanted !== 1) return null;

  const locale = isLocale(recipient.language)
    ? recipient.language
    : isLocale(site.settings.domain_language)
      ? site.settings.domain_language
      : "en";
  const { t } = translatorFor(locale);
  const name = actor.name;
  const badge = (await unreadMessages(db, job.recipient)) + Number(newLikes.n);
  const path = job.kind === "message" ? `/chats/${job.conversation}` : job.kind === "match" ? `/members/${job.actor}` : "/likes";
  const url = absolute(job.origin, path);
  const icon = actor.filename
    ? absolute(job.origin, site.settings.cdn_prefix + actor.filename)
    : absolute(job.origin, "/icons/site/192.png"); // the site's own icon (ADR 061)
  const title =
    job.kind === "message"
      ? t("push.message.title", { name })
      : job.kind === "like"
        ? t("push.like.title", { name })
        : t("push.match.title", { name });
  const body =
    job.kind === "message" ? t("push.message.body") : job.kind === "like" ? t("push.like.body") : t("push.match.body", { name });
  const tag = messageOptions(job).topic ?? job.kind;
  return {
    language: locale,
    payload: {
      web_push: 8030,
      notification: { title, body, navigate: url, lang: locale, icon, tag, app_badge: badge },
      kind: job.kind,
      title,
      body,
      url,
      tag,
      icon,
      badge,
    },
  };
}

export interface Retry {
  job: ParsedJob;
  delaySeconds: number;
}

export interface Delivery {
  /** Per subscription id: what the push service answered. */
  outcomes: { subscription: number; outcome: PushOutcome }[];
  retries: Retry[];
  /** Why nothing was sent, when nothing was. */
  skipped?: string;
}

/** Sends one job to the recipient's subscriptions; the retries are for the caller to queue. */
export async function deliverPush(
  env: ApiContext["Bindings"],
  job: ParsedJob,
  sender?: PushSender,
  now = Date.now(),
): Promise<Delivery> {
  const db = createDb(env.DB);
  const options = messageOptions(job);
  if (now - job.created > options.ttl * 1000) return { outcomes: [], retries: [], skipped: "past its TTL" };
  const site = await findSiteById(db, job.site);
  if (!site) return { outcomes: [], retries: [], skipped: "unknown site" };
  const vapid = vapidFor(site, env.VAPID_PRIVATE_KEYS);
  if (!vapid.ok) {
    console.error(`push for member ${job.recipient} not sent: ${vapid.reason}`);
    return { outcomes: [], retries: [], skipped: vapid.reason };
  }
  const targets = await findPushTargets(db, job.recipient, job.subscription);
  if (targets.length === 0) return { outcomes: [], retries: [], skipped: "no subscription" };
  const built = await buildPayload(db, job);
  if (!built) return { outcomes: [], retries: [], skipped: "not wanted" };

  const send = sender ?? webPushSender({ allowLoopback: env.DEV_TOOLS === "1" && isLoopbackHost(site.host) });
  const body = JSON.stringify(built.payload);
  const delivery: Delivery = { outcomes: [], retries: [] };
  for (const target of targets) {
    const outcome = await send.send(target, body, options, vapid.keys);
    delivery.outcomes.push({ subscription: target.id, outcome });
    const label = `push ${job.kind} to member ${job.recipient} (subscription ${target.id}, attempt ${job.attempt})`;
    if (outcome.result === "gone" || outcome.result === "unusable") {
      await deletePushSubscription(db, target.id);
      const why = outcome.result === "gone" ? `gone (${outcome.status})` : outcome.reason;
      console.log(`${label}: ${why}, subscription removed`);
    } else if (outcome.result === "failed") {
      console.error(`${label}: given up, ${outcome.reason}`);
    } else if (outcome.result === "retry") {
      const next = job.attempt + 1;
      const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.max(1, outcome.afterSeconds ?? backoffSeconds(next)));
      const tooLate = now + delaySeconds * 1000 - job.created > options.ttl * 1000;
      if (next > MAX_ATTEMPTS || tooLate) {
        console.error(`${label}: given up after ${job.attempt} attempts, ${outcome.reason}`);
      } else {
        delivery.retries.push({ job: { ...job, subscription: target.id, attempt: next }, delaySeconds });
      }
    }
  }
  return delivery;
}

/** The queue() handler: collapses the batch, sends, queues the retries, acknowledges. */
export async function consumePushBatch(
  batch: MessageBatch<unknown>,
  env: ApiContext["Bindings"],
  sender?: PushSender,
): Promise<void> {
  const newest = new Map<string, { job: ParsedJob; messages: Message<unknown>[] }>();
  for (const message of batch.messages) {
    const parsed = PushJobSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("push job refused", parsed.error.issues);
      message.ack();
      continue;
    }
    const key = collapseKey(parsed.data);
    const earlier = newest.get(key);
    const messages = [...(earlier?.messages ?? []), message];
    const job = !earlier || parsed.data.created >= earlier.job.created ? parsed.data : earlier.job;
    newest.set(key, { job, messages });
  }
  for (const { job, messages } of newest.values()) {
    try {
      const { retries } = await deliverPush(env, job, sender);
      if (retries.length > 0) {
        await env.PUSH_QUEUE.sendBatch(retries.map((retry) => ({ body: retry.job, delaySeconds: retry.delaySeconds })));
      }
      for (const message of messages) message.ack();
    } catch (error) {
      // Our own failure (D1 unreachable, say): the queue tries the whole job again later.
      console.error(`push ${job.kind} to member ${job.recipient} failed`, error);
      for (const message of messages) message.retry({ delaySeconds: backoffSeconds(message.attempts + 1) });
    }
  }
}
