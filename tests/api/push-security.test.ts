/**
 * Push delivery (issue 14, docs/decisions/021-push-delivery.md): what push refuses: bad
 * subscriptions, the security probe's findings (issue 25, ADR 041: redirects, at most five
 * subscriptions, moving another member's endpoint) and VAPID keys per site host;
 * on real D1 and the real Cloudflare queue (miniflare delivers PUSH_QUEUE to this worker's queue()
 * within a second or so). Members subscribe at a fake push service on 127.0.0.1
 * (tests/fakes/push-service.ts, started by the global setup), which checks each message's VAPID JWT
 * and decrypts it with http_ece, independent of the sender's library.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../../contract/schemas";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../workers/api/db/push-subscriptions";
import { deliverPush, PushJobSchema } from "../../workers/api/domain/push";
import { vapidFor } from "../../workers/api/lib/vapid";
import { DEMO_VAPID_PUBLIC_KEY } from "../../workers/api/seed/sites";
import { ensureSites, loginAs } from "./helpers";
import { type Subscription, fakeSubscription, received, answer, member, subscribe, subscribed } from "./push-helpers";

beforeAll(ensureSites);

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
