/**
 * Each site's VAPID key pair (RFC 8292; docs/decisions/021-push-delivery.md). The public key is
 * the site's `push_pub` setting (browsers subscribe with it); the private key is the
 * VAPID_PRIVATE_KEYS secret, a JSON object from site host to the private scalar d (base64url):
 *
 *   npx wrangler secret put VAPID_PRIVATE_KEYS -c workers/api/wrangler.jsonc
 *   {"amora.example":"…d…","zilverhart.example":"…d…"}
 *
 * The demo key pair in the repository (lib/demo-vapid.ts) is public, so it signs only for loopback
 * sites; on any other host it is refused even if configured.
 */
import type { VapidKeyPair } from "../adapters/push";
import { DEMO_VAPID_PRIVATE_KEY, DEMO_VAPID_PUBLIC_KEY } from "./demo-vapid";
import { isLoopbackHost, type Site } from "./site";

export type VapidResult = { ok: true; keys: VapidKeyPair } | { ok: false; reason: string };

function privateKeys(secret: string | undefined): Record<string, string> {
  if (!secret) return {};
  try {
    const parsed: unknown = JSON.parse(secret);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    console.error("VAPID_PRIVATE_KEYS is not a JSON object of host to key");
    return {};
  }
}

export function vapidFor(site: Site, secret: string | undefined): VapidResult {
  const publicKey = site.settings.push_pub;
  if (!publicKey) return { ok: false, reason: "the site has no push_pub" };
  const loopback = isLoopbackHost(site.host);
  if (publicKey === DEMO_VAPID_PUBLIC_KEY && !loopback) {
    return { ok: false, reason: `the demo VAPID key is for loopback sites only, not ${site.host}` };
  }
  const subject = site.settings.support_email ? `mailto:${site.settings.support_email}` : `https://${site.settings.domain}`;
  const configured = privateKeys(secret)[site.host];
  if (configured) return { ok: true, keys: { subject, publicKey, privateKey: configured } };
  if (loopback && publicKey === DEMO_VAPID_PUBLIC_KEY) {
    return { ok: true, keys: { subject, publicKey, privateKey: DEMO_VAPID_PRIVATE_KEY } };
  }
  return { ok: false, reason: `no VAPID private key for ${site.host} in VAPID_PRIVATE_KEYS` };
}
