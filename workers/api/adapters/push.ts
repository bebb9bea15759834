/**
 * Sending one Web Push message to one subscription (docs/decisions/021-push-delivery.md):
 * RFC 8291 `aes128gcm` encryption and RFC 8292 VAPID through `@block65/webcrypto-web-push`
 * (WebCrypto only, so it runs in a Worker), then an RFC 8030 POST to the push service.
 *
 * The answer is classified for the consumer (domain/push.ts), which decides what to do:
 * - 201/202 (any 2xx): sent;
 * - 404, 410: the subscription is gone (RFC 8030 §7.3), delete it;
 * - 429: try again after Retry-After;
 * - 3xx: failed, never followed (push services do not redirect; a stored endpoint that answers
 *   307 to an internal address must not lead the API there: issue 25, docs/decisions/041);
 * - 413, 5xx, a network error or no answer within the timeout: try again later;
 * - any other 4xx (400 bad request, 401/403 VAPID refused): give up, retrying cannot help;
 * - keys that cannot be encrypted to: unusable (the consumer deletes the subscription).
 *
 * Local push services (the tests' fake on 127.0.0.1) have no TLS certificate. The endpoint is
 * still an https URL (the JWT's `aud` is its origin, as RFC 8292 wants); only when `allowLoopback`
 * is set (a loopback site with DEV_TOOLS on) is a loopback endpoint reached over http.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { base64urlBytes } from "../../../contract/requests/user";
import { isPrivateOrLoopbackHost } from "../lib/push-endpoint";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeyPair {
  /** mailto: or https: URL of the site's operator (RFC 8292 §2.1). */
  subject: string;
  /** The uncompressed public key, base64url (the site's push_pub). */
  publicKey: string;
  /** The private scalar d, base64url. */
  privateKey: string;
}

export interface PushMessageOptions {
  /** Seconds the push service keeps an undelivered message (RFC 8030 §5.2). */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A pending message with the same topic is replaced (RFC 8030 §5.4): up to 32 base64url characters. */
  topic?: string;
}

export type PushOutcome =
  | { result: "sent"; status: number }
  | { result: "gone"; status: number }
  | { result: "retry"; status: number | null; reason: string; afterSeconds?: number }
  | { result: "failed"; status: number; reason: string }
  /** Cannot be encrypted to (keys stored before they were checked, say): never deliverable. */
  | { result: "unusable"; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: string, options: PushMessageOptions, vapid: VapidKeyPair): Promise<PushOutcome>;
}

/** The keys as RFC 8291 wants them: a 65-byte uncompressed P-256 point and a 16-byte secret. */
function wellFormedKeys(target: PushTarget): boolean {
  return base64urlBytes(target.p256dh) === 65 && target.p256dh.startsWith("B") && base64urlBytes(target.auth) === 16;
}

/** No answer within this long counts as a hang (retried). */
export const PUSH_TIMEOUT_MS = 10_000;

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export function classify(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { result: "sent", status };
  if (status >= 300 && status < 400) return { result: "failed", status, reason: "redirect refused" };
  if (status === 404 || status === 410) return { result: "gone", status };
  if (status === 429) return { result: "retry", status, reason: "rate limited", afterSeconds: retryAfterSeconds(retryAfter) };
  if (status === 413) return { result: "retry", status, reason: "payload too large" };
  if (status >= 500) return { result: "retry", status, reason: `push service error ${status}` };
  return { result: "failed", status, reason: `refused with ${status}` };
}

export function webPushSender(options: { allowLoopback: boolean; timeoutMs?: number }): PushSender {
  return {
    async send(target, payload, message, vapid) {
      const topic = message.topic;
      let request: Awaited<ReturnType<typeof buildPushPayload>>;
      try {
        request = await buildPushPayload(
          {
            data: payload,
            options: topic ? { ttl: message.ttl, topic } : { ttl: message.ttl },
          },
          { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
          vapid,
        );
      } catch (error) {
        // Bad subscription keys make the subscription useless; good keys mean the fault is ours
        // (a broken VAPID key): then nothing may be deleted.
        return wellFormedKeys(target)
          ? { result: "failed", status: 0, reason: `cannot sign (VAPID key?): ${String(error)}` }
          : { result: "unusable", reason: `cannot encrypt to its keys: ${String(error)}` };
      }
      const url = new URL(target.endpoint);
      if (isPrivateOrLoopbackHost(url.hostname)) {
        if (!options.allowLoopback) return { result: "failed", status: 0, reason: "private endpoint host refused" };
        url.protocol = "http:";
      }
      // The library's urgency type lacks RFC 8030's "very-low"; set the header here.
      const headers = { ...request.headers, urgency: message.urgency };
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers,
          body: request.body,
          // A redirect is answered, not followed (as postbacks do): classify() fails it.
          redirect: "manual",
          signal: AbortSignal.timeout(options.timeoutMs ?? PUSH_TIMEOUT_MS),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
        return { result: "retry", status: null, reason: timedOut ? "no answer (timeout)" : `network error: ${String(error)}` };
      }
      // The body is not needed; reading it frees the connection.
      await response.body?.cancel();
      return classify(response.status, response.headers.get("retry-after"));
    },
  };
}
