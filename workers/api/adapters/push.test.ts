/// <reference types="node" />
// The push sender (adapters/push.ts) in Node: RFC 8291's own test vector, and the sender against
// a fake push service on 127.0.0.1 (tests/fakes/push-service.ts) that checks VAPID and decrypts
// with http_ece, a second implementation independent of @block65/webcrypto-web-push.
import { createECDH } from "node:crypto";
import { decrypt } from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeMode, type FakePushService, startFakePushService } from "../../../tests/fakes/push-service";
import { DEMO_VAPID_PRIVATE_KEY, DEMO_VAPID_PUBLIC_KEY } from "../seed/sites";
import { classify, type PushTarget, retryAfterSeconds, type VapidKeyPair, webPushSender } from "./push";

/** RFC 8291 Appendix A: every value of the worked example. */
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

function rfcReceiver() {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(RFC.uaPrivate, "base64url"));
  return ecdh;
}

describe("RFC 8291 Appendix A", () => {
  // @block65/webcrypto-web-push draws its ephemeral key pair and salt inside encryptNotification
  // and offers no way to inject the RFC's fixed ones, so its output cannot equal the RFC's
  // bytes. Instead: (1) http_ece must decrypt the RFC's own ciphertext to the RFC's plaintext
  // (this proves the checker), then (2) what our sender's library makes for the RFC's receiver
  // keys must decrypt with that checker, and carry the RFC 8188 header the RFC shows.
  it("http_ece decrypts the RFC's message with the RFC's receiver keys", () => {
    const receiver = rfcReceiver();
    expect(receiver.getPublicKey().toString("base64url")).toBe(RFC.uaPublic);
    const plain = decrypt(Buffer.from(RFC.body, "base64url"), {
      version: "aes128gcm",
      privateKey: receiver,
      authSecret: RFC.auth,
    });
    expect(plain.toString("utf8")).toBe(RFC.plaintext);
  });

  it("the library's encryption for the RFC's receiver decrypts to the same plaintext", async () => {
    const { encryptNotification } = await import("@block65/webcrypto-web-push");
    const body = Buffer.from(
      await encryptNotification(
        { endpoint: "https://push.example.net/x", expirationTime: null, keys: { p256dh: RFC.uaPublic, auth: RFC.auth } },
        new TextEncoder().encode(RFC.plaintext),
      ),
    );
    // RFC 8188 §2.1 header: 16-byte salt, record size 4096, a 65-byte key id (the sender's key).
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(4);
    const plain = decrypt(body, { version: "aes128gcm", privateKey: rfcReceiver(), authSecret: RFC.auth });
    expect(plain.toString("utf8")).toBe(RFC.plaintext);
    // The RFC's salt is for its example only: ours is fresh each time.
    expect(body.subarray(0, 16).toString("base64url")).not.toBe(RFC.salt);
  });
});

describe("answers of the push service", () => {
  it("sorts statuses into sent, gone, retry and failed", () => {
    expect(classify(201, null).result).toBe("sent");
    expect(classify(410, null).result).toBe("gone");
    expect(classify(404, null).result).toBe("gone");
    expect(classify(429, "120")).toEqual({ result: "retry", status: 429, reason: "rate limited", afterSeconds: 120 });
    expect(classify(413, null).result).toBe("retry");
    expect(classify(503, null).result).toBe("retry");
    expect(classify(403, null).result).toBe("failed");
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterSeconds("30", now)).toBe(30);
    expect(retryAfterSeconds("Thu, 01 Jan 2026 12:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe("sending to a fake push service on 127.0.0.1", () => {
  const PORT = Number(process.env.PUSH_FAKE_UNIT_PORT ?? 8874);
  let service: FakePushService;
  const vapid: VapidKeyPair = {
    subject: "mailto:support@amora.example",
    publicKey: DEMO_VAPID_PUBLIC_KEY,
    privateKey: DEMO_VAPID_PRIVATE_KEY,
  };
  const base = `http://127.0.0.1:${PORT}`;
  const options = { ttl: 60, urgency: "high" as const, topic: "chat-7" };

  beforeAll(async () => {
    service = await startFakePushService(PORT);
  });
  afterAll(async () => {
    await service.close();
  });

  async function subscribe(mode: FakeMode = "ok"): Promise<PushTarget> {
    const response = await fetch(`${base}/_subscribe`, {
      method: "POST",
      body: JSON.stringify({ applicationServerKey: DEMO_VAPID_PUBLIC_KEY, mode }),
    });
    const subscription = (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    return { endpoint: subscription.endpoint, ...subscription.keys };
  }

  async function received(target: PushTarget) {
    const id = target.endpoint.split("/").pop();
    return (await (await fetch(`${base}/_messages/${id}`)).json()) as {
      pending: { topic: string; ttl: string; urgency: string; payload: string }[];
      posts: number;
      rejected: string[];
    };
  }

  const sender = webPushSender({ allowLoopback: true, timeoutMs: 500 });

  it("delivers a payload the service can verify (VAPID) and decrypt (http_ece), with TTL, Urgency and Topic", async () => {
    const target = await subscribe();
    const outcome = await sender.send(target, JSON.stringify({ title: "Hello" }), options, vapid);
    expect(outcome).toEqual({ result: "sent", status: 201 });
    const { pending, rejected } = await received(target);
    expect(rejected).toEqual([]);
    expect(pending).toEqual([{ topic: "chat-7", ttl: "60", urgency: "high", payload: JSON.stringify({ title: "Hello" }) }]);
  });

  it("is refused by the service when signed with another key than the subscription's", async () => {
    const target = await subscribe();
    const other = createECDH("prime256v1");
    other.generateKeys();
    const wrong = {
      ...vapid,
      publicKey: other.getPublicKey().toString("base64url"),
      privateKey: other.getPrivateKey().toString("base64url"),
    };
    const outcome = await sender.send(target, "{}", options, wrong);
    expect(outcome.result).toBe("failed");
    expect((await received(target)).rejected).toEqual(["k is not the key the subscription was made with"]);
  });

  it("classifies 410, 404, 429, 413, 500 and a hang", async () => {
    expect((await sender.send(await subscribe("gone"), "{}", options, vapid)).result).toBe("gone");
    expect((await sender.send(await subscribe("not-found"), "{}", options, vapid)).result).toBe("gone");
    expect(await sender.send(await subscribe("rate-limit-once"), "{}", options, vapid)).toEqual({
      result: "retry",
      status: 429,
      reason: "rate limited",
      afterSeconds: 1,
    });
    expect(await sender.send(await subscribe("too-large"), "{}", options, vapid)).toMatchObject({ result: "retry", status: 413 });
    expect(await sender.send(await subscribe("error"), "{}", options, vapid)).toMatchObject({ result: "retry", status: 500 });
    const started = Date.now();
    expect(await sender.send(await subscribe("hang"), "{}", options, vapid)).toEqual({
      result: "retry",
      status: null,
      reason: "no answer (timeout)",
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("calls keys that cannot be encrypted to unusable, without posting", async () => {
    const target = await subscribe();
    const outcome = await sender.send({ ...target, p256dh: "BAAA" }, "{}", options, vapid);
    expect(outcome.result).toBe("unusable");
    expect((await received(target)).posts).toBe(0);
    // A broken VAPID key is our fault, not the subscription's: failed, so it is kept.
    const broken = await sender.send(target, "{}", options, { ...vapid, privateKey: "not-a-key" });
    expect(broken.result).toBe("failed");
  });

  it("never posts to a loopback endpoint unless allowed (a loopback development site)", async () => {
    const target = await subscribe();
    const strict = webPushSender({ allowLoopback: false });
    expect(await strict.send(target, "{}", options, vapid)).toMatchObject({
      result: "failed",
      reason: "private endpoint host refused",
    });
    expect((await received(target)).posts).toBe(0);
  });
});
