/**
 * Push delivery (issue 14, docs/decisions/021-push-delivery.md), on real D1 and the real
 * Cloudflare queue (miniflare delivers PUSH_QUEUE to this worker's queue() within a second or so).
 * Members subscribe at a fake push service on 127.0.0.1 (tests/fakes/push-service.ts, started by
 * the global setup), which checks each message's VAPID JWT (aud, exp, sub, signature, key) and
 * decrypts it with http_ece, independent of the sender's library.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ApiErrorSchema, ChatStartSchema, PushPayloadSchema, PushSettingsSchema, DataExportSchema } from "../../contract/schemas";
import type { PushOutcome, PushSender } from "../../workers/api/adapters/push";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../workers/api/db/push-subscriptions";
import { backoffSeconds, deliverPush, MAX_ATTEMPTS, PushJobSchema } from "../../workers/api/domain/push";
import { vapidFor } from "../../workers/api/lib/vapid";
import { DEMO_VAPID_PUBLIC_KEY } from "../../workers/api/seed/sites";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const SERVICE = env.TEST_PUSH_SERVICE;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
interface Received {
  pending: { topic: string | null; ttl: string | null; urgency: string | null; payload: string }[];
  posts: number;
  rejected: string[];
  trapped: number;
}

/** A browser's subscription at the fake service, for the demo site's key. */
async function fakeSubscription(mode = "ok"): Promise<Subscription> {
  const response = await fetch(`${SERVICE}/_subscribe`, {
    method: "POST",
    body: JSON.stringify({ applicationServerKey: DEMO_VAPID_PUBLIC_KEY, mode }),
  });
  return response.json();
}

async function received(subscription: Subscription): Promise<Received> {
  const id = subscription.endpoint.split("/").pop();
  return (await fetch(`${SERVICE}/_messages/${id}`)).json();
}

/** Waits until the fake service has seen `posts` messages for the subscription (the queue is asynchronous). */
async function waitForPosts(subscription: Subscription, posts: number, timeoutMs = 10_000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const now = await received(subscription);
    if (now.posts >= posts || Date.now() > until) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

async function member(name: string, options: { credits?: number; language?: string } = {}) {
  const created = await createMember({ credits: options.credits });
  await env.DB.prepare("UPDATE members SET name = ?, language = ? WHERE id = ?")
    .bind(name, options.language ?? "en", created.id)
    .run();
  return { ...created, cookie: await loginAs(created) };
}

const subscribe = (cookie: string, subscription: unknown, host?: string) =>
  call("/api/user.php?push=1", { method: "POST", json: { subscription }, cookie, host });

async function subscribed(cookie: string, mode = "ok"): Promise<Subscription> {
  const subscription = await fakeSubscription(mode);
  expect((await subscribe(cookie, subscription)).status).toBe(200);
  return subscription;
}

async function conversationWith(cookie: string, profile: number): Promise<number> {
  return (await answer(await call(`/api/chat.php?profile=${profile}`, { cookie }), 200, ChatStartSchema)).id;
}

const sendMessage = (cookie: string, conversation: number, text: string) =>
  call("/api/messages.php", { method: "POST", json: { conversation, text, key: crypto.randomUUID() }, cookie });

const like = (cookie: string, profile: number) => call("/api/likes.php", { method: "POST", json: { profile }, cookie });

const subscriptionRows = async (endpoint: string) =>
  (await env.DB.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).all()).results.length;

describe("storing a subscription: bad input", () => {
  const good = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    keys: {
      p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
      auth: "BTBZMqHH6r4Tts7J_aSIgg",
    },
  };

  it("refuses a non-https endpoint, oversized or malformed keys, with the field named", async () => {
    const { cookie } = await member("Quinn");
    const refused = async (subscription: unknown, field: string) => {
      const error = await answer(await subscribe(cookie, subscription), 422, ApiErrorSchema);
      expect(error.error).toBe("invalid_input");
      expect(Object.keys(error.fields ?? {})).toContain(field);
    };
    await refused({ ...good, endpoint: "http://fcm.googleapis.com/fcm/send/abc" }, "subscription.endpoint");
    await refused({ ...good, keys: { ...good.keys, p256dh: "B".repeat(5000) } }, "subscription.keys.p256dh");
    await refused({ ...good, keys: { ...good.keys, auth: "A".repeat(5000) } }, "subscription.keys.auth");
    // 64 bytes, a compressed point, not base64url at all.
    await refused({ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) } }, "subscription.keys.p256dh");
    await refused({ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, "subscription.keys.p256dh");
    await refused({ ...good, keys: { ...good.keys, p256dh: "<script>" } }, "subscription.keys.p256dh");
    // 15 and 17 bytes.
    await refused({ ...good, keys: { ...good.keys, auth: "BTBZMqHH6r4Tts7J_aSI" } }, "subscription.keys.auth");
    await refused({ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAA` } }, "subscription.keys.auth");
    expect((await subscribe(cookie, good)).status).toBe(200);
  });

  it("refuses loopback and private endpoint hosts except on a loopback development site", async () => {
    const quinn = await member("Quinn");
    // A public host name (answered by the default site): no loopback or private push service.
    const publicCookie = await loginAs(quinn, "amora.example");
    for (const endpoint of [
      "https://127.0.0.1:8873/push/x",
      "https://10.0.0.5/push",
      "https://[::1]/push",
      "https://localhost/push",
    ]) {
      const error = await answer(await subscribe(publicCookie, { ...good, endpoint }, "amora.example"), 422, ApiErrorSchema);
      expect(error.fields?.["subscription.endpoint"]).toBe("private_host");
    }
    const mine = { ...good, endpoint: `${good.endpoint}-${crypto.randomUUID()}` };
    expect((await subscribe(publicCookie, mine, "amora.example")).status).toBe(200);
    // The developer's own machine may use a local push service.
    expect((await subscribe(quinn.cookie, { ...good, endpoint: "https://127.0.0.1:8873/push/y" })).status).toBe(200);
  });
});

// Through the real queue: each delivery takes a batch (about a second), a retry its delay too.
describe("push for messages, likes and matches", { timeout: 20_000 }, () => {
  it("member A messages member B: B's endpoint receives a decryptable payload naming A, opening the conversation", async () => {
    const anna = await member("Annabel", { credits: 50 });
    const bert = await member("Bertram", { language: "nl" });
    const device = await subscribed(bert.cookie);
    const conversation = await conversationWith(anna.cookie, bert.id);
    expect((await sendMessage(anna.cookie, conversation, "Hi Bert!")).status).toBe(201);

    const got = await waitForPosts(device, 1);
    expect(got.rejected).toEqual([]);
    expect(got.pending).toHaveLength(1);
    const message = got.pending[0]!;
    expect(message.topic).toBe(`chat-${conversation}`);
    expect(message.urgency).toBe("high");
    expect(Number(message.ttl)).toBeGreaterThan(0);
    const payload = PushPayloadSchema.parse(JSON.parse(message.payload));
    // In Bert's language, naming Anna; the Declarative Web Push form says the same.
    expect(payload.title).toBe("Annabel heeft je een bericht gestuurd");
    expect(payload.url).toBe(`http://localhost:8787/chats/${conversation}`);
    expect(payload.notification).toMatchObject({
      title: payload.title,
      navigate: payload.url,
      lang: "nl",
      tag: `chat-${conversation}`,
    });
    expect(payload.web_push).toBe(8030);
    // The app badge: unread messages + new likes.
    expect(payload.badge).toBe(1);
    expect(payload.notification.app_badge).toBe(1);
    expect(payload.icon).toMatch(/^http:\/\/localhost:8787\//);
  });

  it("a like and then a mutual like (a match) reach the liked member", async () => {
    const cleo = await member("Cleopatra");
    const dave = await member("Davidson");
    const daveDevice = await subscribed(dave.cookie);
    const cleoDevice = await subscribed(cleo.cookie);

    expect((await like(cleo.cookie, dave.id)).status).toBe(200);
    const liked = await waitForPosts(daveDevice, 1);
    const likePayload = PushPayloadSchema.parse(JSON.parse(liked.pending[0]!.payload));
    expect(likePayload).toMatchObject({
      kind: "like",
      title: "Cleopatra likes you",
      url: "http://localhost:8787/likes",
      badge: 1,
    });

    // The same like again is not news.
    expect((await like(cleo.cookie, dave.id)).status).toBe(200);
    expect((await like(dave.cookie, cleo.id)).status).toBe(200);
    const matched = await waitForPosts(cleoDevice, 1);
    const matchPayload = PushPayloadSchema.parse(JSON.parse(matched.pending[0]!.payload));
    expect(matchPayload).toMatchObject({ kind: "match", url: `http://localhost:8787/members/${dave.id}` });
    expect(matchPayload.body).toContain("Davidson");
    expect((await received(daveDevice)).posts).toBe(1);
  });

  it("a burst in one conversation collapses into one notification (Topic)", async () => {
    const erin = await member("Erin", { credits: 500 });
    const finn = await member("Finn");
    const device = await subscribed(finn.cookie);
    const conversation = await conversationWith(erin.cookie, finn.id);
    for (let i = 1; i <= 6; i++) expect((await sendMessage(erin.cookie, conversation, `message ${i}`)).status).toBe(201);
    await waitForPosts(device, 1);
    // Let any later batch arrive too.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const got = await received(device);
    expect(got.pending).toHaveLength(1);
    // Batching sends the burst as one or a few posts (never six); Topic keeps one pending.
    expect(got.posts).toBeLessThan(6);
    const payload = PushPayloadSchema.parse(JSON.parse(got.pending[0]!.payload));
    expect(payload.badge).toBe(6);
    expect(payload.tag).toBe(`chat-${conversation}`);
  });

  it("a push service answering 410 removes the subscription", async () => {
    const gina = await member("Gina", { credits: 50 });
    const hugo = await member("Hugo");
    const device = await subscribed(hugo.cookie, "gone");
    expect(await subscriptionRows(device.endpoint)).toBe(1);
    await sendMessage(gina.cookie, await conversationWith(gina.cookie, hugo.id), "Hello?");
    await waitForPosts(device, 1);
    for (let i = 0; i < 20 && (await subscriptionRows(device.endpoint)) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await subscriptionRows(device.endpoint)).toBe(0);
  });

  it("a 429 is tried again after Retry-After, through the queue, and then arrives", async () => {
    const ivy = await member("Ivy", { credits: 50 });
    const jack = await member("Jack");
    const device = await subscribed(jack.cookie, "rate-limit-once");
    await sendMessage(ivy.cookie, await conversationWith(ivy.cookie, jack.id), "Are you there?");
    const got = await waitForPosts(device, 2, 15_000);
    expect(got.posts).toBe(2);
    expect(got.pending).toHaveLength(1);
  });
});

describe("preferences", () => {
  it("marketing push (news) is off for a member who never chose it, in push_settings.php and the data export, until turned on", async () => {
    // createMember writes the row without the push columns, as every member before this choice existed.
    const mia = await member("Mia");
    const settings = () => call("/api/push_settings.php", { cookie: mia.cookie });
    expect((await answer(await settings(), 200, PushSettingsSchema)).news).toBe(false);
    const exported = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie: mia.cookie })).json());
    expect(exported.account.push_kinds).toEqual({ messages: true, likes: true, news: false });
    const put = (json: unknown) => call("/api/push_settings.php", { method: "PUT", json, cookie: mia.cookie });
    expect((await answer(await put({ messages: true, likes: true, news: true }), 200, PushSettingsSchema)).news).toBe(true);
    expect((await answer(await settings(), 200, PushSettingsSchema)).news).toBe(true);
    expect((await answer(await put({ messages: true, likes: true, news: false }), 200, PushSettingsSchema)).news).toBe(false);
  });

  it("GET and PUT /api/push_settings.php; a kind switched off is not sent", async () => {
    const kim = await member("Kim", { credits: 50 });
    const lou = await member("Lou");
    expect(await answer(await call("/api/push_settings.php", { cookie: lou.cookie }), 200, PushSettingsSchema)).toEqual({
      messages: true,
      likes: true,
      news: false,
    });
    const put = (json: unknown) => call("/api/push_settings.php", { method: "PUT", json, cookie: lou.cookie });
    await answer(await put({ messages: "no", likes: true, news: true }), 422, ApiErrorSchema);
    await answer(await put({ messages: true }), 422, ApiErrorSchema);
    expect(await answer(await put({ messages: false, likes: true, news: false }), 200, PushSettingsSchema)).toEqual({
      messages: false,
      likes: true,
      news: false,
    });
    expect((await call("/api/push_settings.php")).status).toBe(403);

    const device = await subscribed(lou.cookie);
    const conversation = await conversationWith(kim.cookie, lou.id);
    const job = PushJobSchema.parse({
      kind: "message",
      site: 1,
      recipient: lou.id,
      actor: kim.id,
      conversation,
      origin: "http://localhost:8787",
      created: Date.now(),
    });
    expect((await deliverPush(env, job)).skipped).toBe("not wanted");
    // Likes are still wanted.
    const delivery = await deliverPush(env, { ...job, kind: "like" });
    expect(delivery.outcomes.map((o) => o.outcome.result)).toEqual(["sent"]);
    expect((await received(device)).posts).toBe(1);
  });
});

describe("retries and giving up", () => {
  async function jobFor(mode: string) {
    const mia = await member("Mia");
    const ned = await member("Ned");
    const device = await subscribed(ned.cookie, mode);
    const job = PushJobSchema.parse({
      kind: "like",
      site: 1,
      recipient: ned.id,
      actor: mia.id,
      origin: "http://localhost:8787",
      created: Date.now(),
    });
    return { job, device };
  }

  it("413 and 500 are tried again with growing delays, then given up", async () => {
    for (const mode of ["too-large", "error"]) {
      const { job } = await jobFor(mode);
      const first = await deliverPush(env, job);
      expect(first.retries).toHaveLength(1);
      expect(first.retries[0]).toMatchObject({ delaySeconds: backoffSeconds(2), job: { attempt: 2 } });
      expect(backoffSeconds(3)).toBeGreaterThan(backoffSeconds(2));
      const last = await deliverPush(env, { ...first.retries[0]!.job, attempt: MAX_ATTEMPTS });
      expect(last.outcomes).toHaveLength(1);
      expect(last.retries).toEqual([]);
    }
  });

  it("429 waits for Retry-After", async () => {
    const { job } = await jobFor("rate-limit-once");
    const delivery = await deliverPush(env, job);
    expect(delivery.retries.map((r) => r.delaySeconds)).toEqual([1]);
  });

  it("a push service that never answers times out and is tried again", async () => {
    const { job } = await jobFor("hang");
    const hanging: PushSender = {
      async send(target, payload, options, vapid) {
        const { webPushSender } = await import("../../workers/api/adapters/push");
        return webPushSender({ allowLoopback: true, timeoutMs: 300 }).send(target, payload, options, vapid);
      },
    };
    const delivery = await deliverPush(env, job, hanging);
    const outcome: PushOutcome | undefined = delivery.outcomes[0]?.outcome;
    expect(outcome).toMatchObject({ result: "retry", reason: "no answer (timeout)" });
    expect(delivery.retries).toHaveLength(1);
  });

  it("a subscription stored before keys were checked is removed; the member's other device still gets the push", async () => {
    const { job, device } = await jobFor("ok");
    const endpoint = "https://fcm.googleapis.com/fcm/send/old-and-broken";
    await env.DB.prepare(
      "INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, 'BAAA', 'x', ?)",
    )
      .bind(job.recipient, endpoint, Date.now())
      .run();
    const delivery = await deliverPush(env, job);
    expect(delivery.outcomes.map((o) => o.outcome.result).sort()).toEqual(["sent", "unusable"]);
    expect(delivery.retries).toEqual([]);
    expect(await subscriptionRows(endpoint)).toBe(0);
    expect((await received(device)).pending).toHaveLength(1);
  });

  it("nothing is sent past the message's TTL", async () => {
    const { job, device } = await jobFor("ok");
    expect((await deliverPush(env, { ...job, created: Date.now() - 3 * 24 * 60 * 60 * 1000 })).skipped).toBe("past its TTL");
    expect((await received(device)).posts).toBe(0);
  });
});

describe("the security probe's findings (issue 25)", () => {
  it("14: a push service answering 307 to a loopback address is not followed: the endpoint counts as failed", async () => {
    const ola = await member("Ola");
    const pim = await member("Pim");
    const device = await subscribed(pim.cookie, "redirect");
    const job = PushJobSchema.parse({
      kind: "like",
      site: 1,
      recipient: pim.id,
      actor: ola.id,
      origin: "http://localhost:8787",
      created: Date.now(),
    });
    const delivery = await deliverPush(env, job);
    expect(delivery.outcomes.map((o) => o.outcome)).toEqual([
      expect.objectContaining({ result: "failed", status: 307, reason: "redirect refused" }),
    ]);
    expect(delivery.retries).toEqual([]);
    const got = await received(device);
    expect(got.posts).toBe(1);
    // The attack: the redirect's target never received the POST.
    expect(got.trapped).toBe(0);
  });

  const keysOf = (subscription: Subscription) => subscription.keys;
  const rowsOf = async (memberId: number) =>
    (
      await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE member_id = ? ORDER BY id")
        .bind(memberId)
        .all<{ endpoint: string }>()
    ).results.map((r) => r.endpoint);

  it("16: a member holds at most five subscriptions, the oldest dropped; one message is at most five POSTs", async () => {
    const quin = await member("Quin", { credits: 50 });
    const rosa = await member("Rosa");
    const devices: Subscription[] = [];
    for (let i = 0; i < 7; i++) devices.push(await subscribed(rosa.cookie));
    expect(MAX_PUSH_SUBSCRIPTIONS).toBe(5);
    expect(await rowsOf(rosa.id)).toEqual(devices.slice(2).map((d) => d.endpoint));
    // The same endpoint again (a browser refreshing its subscription) keeps its place and its count.
    expect((await subscribe(rosa.cookie, devices[6])).status).toBe(200);
    expect(await rowsOf(rosa.id)).toHaveLength(5);
    const job = PushJobSchema.parse({
      kind: "like",
      site: 1,
      recipient: rosa.id,
      actor: quin.id,
      origin: "http://localhost:8787",
      created: Date.now(),
    });
    const delivery = await deliverPush(env, job);
    expect(delivery.outcomes).toHaveLength(5);
    expect((await received(devices[0]!)).posts).toBe(0);
    expect((await received(devices[6]!)).posts).toBe(1);
  });

  it("16: twenty subscriptions posted in parallel still leave five", async () => {
    const sam = await member("Sam");
    const subscriptions = await Promise.all(Array.from({ length: 20 }, () => fakeSubscription()));
    const answers = await Promise.all(subscriptions.map((s) => subscribe(sam.cookie, s)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await rowsOf(sam.id)).toHaveLength(5);
  });

  it("16: another member's endpoint moves only with new keys; with the stored keys it is refused and stays", async () => {
    const tess = await member("Tess");
    const ugo = await member("Ugo");
    const device = await subscribed(tess.cookie);
    // Ugo learned Tess's endpoint and keys (a shared computer, say) and posts them as his.
    const stolen = await subscribe(ugo.cookie, device);
    const error = await answer(stolen, 422, ApiErrorSchema);
    // The same answer as any endpoint that is not accepted: nothing says whose it is.
    expect(error.error).toBe("invalid_input");
    expect(error.fields?.["subscription.endpoint"]).toBe("resubscribe");
    expect(JSON.stringify(error)).not.toContain("Tess");
    expect(await rowsOf(tess.id)).toEqual([device.endpoint]);
    expect(await rowsOf(ugo.id)).toEqual([]);
    // New keys are what a browser that changed hands sends after subscribing afresh: it moves.
    const fresh = await fakeSubscription();
    const moved = { endpoint: device.endpoint, keys: keysOf(fresh) };
    expect((await subscribe(ugo.cookie, moved)).status).toBe(200);
    expect(await rowsOf(tess.id)).toEqual([]);
    expect(await rowsOf(ugo.id)).toEqual([device.endpoint]);
    const stored = await env.DB.prepare("SELECT p256dh, auth FROM push_subscriptions WHERE endpoint = ?")
      .bind(device.endpoint)
      .first<{ p256dh: string; auth: string }>();
    expect(stored).toEqual(keysOf(fresh));
    // Posting one's own endpoint again with the same keys is fine (a browser refreshing it).
    expect((await subscribe(ugo.cookie, moved)).status).toBe(200);
  });
});

describe("VAPID keys", () => {
  const settings = (push_pub: string) => ({ push_pub, support_email: "support@example.com", domain: "example.com" });
  const site = async (host: string, push_pub: string) => {
    const row = await env.DB.prepare("SELECT settings FROM sites WHERE id = 1").first<{ settings: string }>();
    return { id: 1, host, settings: { ...JSON.parse(row!.settings), ...settings(push_pub) } };
  };

  it("the demo key pair signs for loopback sites only", async () => {
    expect((await vapidFor(await site("localhost", DEMO_VAPID_PUBLIC_KEY), undefined)).ok).toBe(true);
    const remote = vapidFor(await site("amora.example", DEMO_VAPID_PUBLIC_KEY), JSON.stringify({ "amora.example": "x" }));
    expect(remote).toMatchObject({ ok: false });
  });

  it("production keys come from the VAPID_PRIVATE_KEYS secret, per site host", async () => {
    const own = "BOwnKeyOwnKey";
    expect(vapidFor(await site("amora.example", own), undefined)).toMatchObject({ ok: false });
    expect(vapidFor(await site("amora.example", own), JSON.stringify({ "amora.example": "d-value" }))).toEqual({
      ok: true,
      keys: { subject: "mailto:support@example.com", publicKey: own, privateKey: "d-value" },
    });
    expect(vapidFor(await site("amora.example", own), "not json")).toMatchObject({ ok: false });
  });
});
