/**
 * Push delivery (issue 14, docs/decisions/021-push-delivery.md): what a message, a like and a match
 * send, collapsing a burst, removing a gone subscription, Retry-After, and the member's preferences;
 * on real D1 and the real Cloudflare queue (miniflare delivers PUSH_QUEUE to this worker's queue()
 * within a second or so). Members subscribe at a fake push service on 127.0.0.1
 * (tests/fakes/push-service.ts, started by the global setup), which checks each message's VAPID JWT
 * and decrypts it with http_ece, independent of the sender's library.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, ChatStartSchema, PushPayloadSchema, PushSettingsSchema, DataExportSchema } from "../../contract/schemas";
import { deliverPush, PushJobSchema } from "../../workers/api/domain/push";
import { call, ensureSites } from "./helpers";
import { type Subscription, type Received, received, answer, member, subscribed, subscriptionRows } from "./push-helpers";

beforeAll(ensureSites);

/** Waits until the fake service has seen `posts` messages for the subscription (the queue is asynchronous). */
async function waitForPosts(subscription: Subscription, posts: number, timeoutMs = 10_000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const now = await received(subscription);
    if (now.posts >= posts || Date.now() > until) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function conversationWith(cookie: string, profile: number): Promise<number> {
  return (await answer(await call(`/api/chat.php?profile=${profile}`, { cookie }), 200, ChatStartSchema)).id;
}

const sendMessage = (cookie: string, conversation: number, text: string) =>
  call("/api/messages.php", { method: "POST", json: { conversation, text, key: crypto.randomUUID() }, cookie });

const like = (cookie: string, profile: number) => call("/api/likes.php", { method: "POST", json: { profile }, cookie });

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
