/**
 * Push delivery (issue 14, docs/decisions/021-push-delivery.md): retries with growing delays, giving
 * up, timeouts, subscriptions with broken keys, and the message's TTL (deliverPush on a job);
 * on real D1 and the real Cloudflare queue (miniflare delivers PUSH_QUEUE to this worker's queue()
 * within a second or so). Members subscribe at a fake push service on 127.0.0.1
 * (tests/fakes/push-service.ts, started by the global setup), which checks each message's VAPID JWT
 * and decrypts it with http_ece, independent of the sender's library.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PushOutcome, PushSender } from "../../workers/api/adapters/push";
import { backoffSeconds, deliverPush, MAX_ATTEMPTS, PushJobSchema } from "../../workers/api/domain/push";
import { ensureSites } from "./helpers";
import { received, member, subscribed, subscriptionRows } from "./push-helpers";

beforeAll(ensureSites);

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
