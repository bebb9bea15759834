/// <reference types="node" />
/**
 * A fake Web Push service (RFC 8030) on 127.0.0.1, for the push tests (docs/decisions/021).
 * It plays both sides a real push service joins:
 *
 * - the browser's: POST /_subscribe makes a subscription like PushManager.subscribe() does (a
 *   fresh P-256 key pair and a 16-byte auth secret, kept here) and answers its JSON;
 * - the push service's: POST /push/:id takes a message and checks what a real service checks:
 *   VAPID (RFC 8292: `vapid t=<JWT>, k=<key>`, an ES256 JWT whose `aud` is the endpoint's
 *   origin, `exp` in the future and within 24 hours, a `sub`, a signature valid for `k`, and
 *   `k` being the key the subscription was made with), `Content-Encoding: aes128gcm`, a TTL;
 *   then it decrypts the body with `http_ece` (independent of the sender's library) and keeps
 *   the plaintext. A pending message with the same Topic replaces the earlier one (RFC 8030 §5.4).
 *
 * Each subscription can be told to misbehave: answer 410, 404, 413, 500, 429 (once, with
 * Retry-After), never answer (hang), or answer 307 to a loopback address (redirect: the security
 * probe's attack, issue 25; a POST that follows it lands in /_trap/:id and is counted there).
 *
 * GET /_messages/:id answers { pending, posts, rejected, trapped } for the tests' assertions.
 */
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { decrypt } from "http_ece";
import { json, listenFake, type FakeServer } from "./server";

export type FakeMode = "ok" | "gone" | "not-found" | "too-large" | "error" | "rate-limit-once" | "hang" | "redirect";

export interface ReceivedMessage {
  topic: string | null;
  ttl: string | null;
  urgency: string | null;
  payload: string;
}

interface FakeSubscription {
  id: string;
  mode: FakeMode;
  applicationServerKey: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  pending: ReceivedMessage[];
  posts: number;
  rejected: string[];
  rateLimited: boolean;
  /** POSTs that followed a redirect to /_trap/:id. */
  trapped: number;
}

export type FakePushService = FakeServer;

const b64url = (bytes: Buffer) => bytes.toString("base64url");

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** RFC 8292 §2–3: the reason the Authorization header is refused, or null. */
export function vapidProblem(header: string | undefined, audience: string, expectedKey: string, now = Date.now()): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return "no vapid authorization";
  const [token, key] = [match[1], match[2]];
  if (key !== expectedKey) return "k is not the key the subscription was made with";
  const [head, claims, signature] = token.split(".");
  if (!head || !claims || !signature) return "malformed JWT";
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string; typ?: string };
  if (header_.alg !== "ES256") return "alg is not ES256";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) return `aud ${body.aud} is not ${audience}`;
  const seconds = now / 1000;
  if (typeof body.exp !== "number" || body.exp <= seconds) return "exp is missing or past";
  if (body.exp > seconds + 24 * 60 * 60) return "exp is more than 24 hours ahead";
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub)) return "sub is missing";
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 point";
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  return valid ? null : "signature does not verify";
}

export async function startFakePushService(port: number): Promise<FakePushService> {
  const origin = `https://127.0.0.1:${port}`;
  const subscriptions = new Map<string, FakeSubscription>();
  const hanging = new Set<ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "POST" && url.pathname === "/_subscribe") {
      const asked = JSON.parse((await readBody(request)).toString("utf8") || "{}") as {
        applicationServerKey?: string;
        mode?: FakeMode;
      };
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = b64url(randomBytes(12));
      const subscription: FakeSubscription = {
        id,
        mode: asked.mode ?? "ok",
        applicationServerKey: asked.applicationServerKey ?? "",
        ecdh,
        auth: randomBytes(16),
        pending: [],
        posts: 0,
        rejected: [],
        rateLimited: false,
        trapped: 0,
      };
      subscriptions.set(id, subscription);
      return json(response, 201, {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(subscription.auth) },
      });
    }
    const messages = /^\/_messages\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "GET" && messages?.[1]) {
      const subscription = subscriptions.get(messages[1]);
      if (!subscription) return json(response, 404, { error: "no such subscription" });
      const { pending, posts, rejected, trapped } = subscription;
      return json(response, 200, { pending, posts, rejected, trapped });
    }
    const trap = /^\/_trap\/([\w-]+)$/.exec(url.pathname);
    if (trap?.[1]) {
      await readBody(request);
      const subscription = subscriptions.get(trap[1]);
      if (subscription) subscription.trapped++;
      return json(response, 200, { trapped: true });
    }
    const push = /^\/push\/([\w-]+)$/.exec(url.pathname);
    if (request.method === "POST" && push?.[1]) {
      const subscription = subscriptions.get(push[1]);
      const body = await readBody(request);
      if (!subscription) return json(response, 404, { error: "no such subscription" });
      subscription.posts++;
      const reject = (status: number, reason: string) => {
        subscription.rejected.push(reason);
        json(response, status, { error: reason });
      };
      switch (subscription.mode) {
        case "gone":
          return json(response, 410, { error: "unsubscribed" });
        case "not-found":
          return json(response, 404, { error: "expired" });
        case "too-large":
          return json(response, 413, { error: "too large" });
        case "error":
          return json(response, 500, { error: "oops" });
        case "hang":
          hanging.add(response);
          return;
        case "redirect":
          // An "internal" address the sender must never be led to.
          response.writeHead(307, { location: `http://127.0.0.1:${port}/_trap/${subscription.id}` });
          return response.end();
        case "rate-limit-once":
          if (!subscription.rateLimited) {
            subscription.rateLimited = true;
            response.writeHead(429, { "retry-after": "1" });
            return response.end();
          }
      }
      const problem = vapidProblem(request.headers.authorization, origin, subscription.applicationServerKey);
      if (problem) return reject(403, problem);
      if (request.headers["content-encoding"] !== "aes128gcm") return reject(415, "content-encoding is not aes128gcm");
      if (!request.headers.ttl) return reject(400, "no TTL");
      if (body.length > 4096) return reject(413, "over 4096 bytes");
      let payload: string;
      try {
        payload = decrypt(body, {
          version: "aes128gcm",
          privateKey: subscription.ecdh,
          authSecret: b64url(subscription.auth),
        }).toString("utf8");
      } catch (error) {
        return reject(400, `cannot decrypt: ${String(error)}`);
      }
      const topic = typeof request.headers.topic === "string" ? request.headers.topic : null;
      const message: ReceivedMessage = {
        topic,
        ttl: typeof request.headers.ttl === "string" ? request.headers.ttl : null,
        urgency: typeof request.headers.urgency === "string" ? request.headers.urgency : null,
        payload,
      };
      // RFC 8030 §5.4: a message with the topic of one still pending replaces it.
      subscription.pending = topic
        ? [...subscription.pending.filter((m) => m.topic !== topic), message]
        : [...subscription.pending, message];
      response.writeHead(201, { location: `${origin}/message/${subscription.posts}` });
      return response.end();
    }
    json(response, 404, { error: "not found" });
  }

  return listenFake(port, origin, handle, hanging);
}
