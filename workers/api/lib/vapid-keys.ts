/**
 * A new VAPID key pair (RFC 8292) made with WebCrypto, for the console's "Generate a new key pair"
 * (docs/decisions/052-push-keys-in-the-console.md). The public key is the uncompressed P-256 point
 * (65 bytes, 0x04 first) as browsers' applicationServerKey takes it; the private key is the scalar
 * d, the form VAPID_PRIVATE_KEYS holds (lib/vapid.ts). Both base64url without padding.
 */

export interface NewVapidKeys {
  publicKey: string;
  privateKey: string;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function newVapidKeys(): Promise<NewVapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  if (point.length !== 65 || point[0] !== 4 || !jwk.d) throw new Error("WebCrypto gave an unexpected P-256 key");
  return { publicKey: base64url(point), privateKey: jwk.d };
}

function bytes(base64url: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(base64url.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Whether a private key d belongs to a public key: what d signs, the public key verifies. The
 * console's "held" answer uses it, so a secret still holding the key of an earlier push_pub reads
 * as not held (pushes signed with it would be refused).
 */
export async function vapidKeysMatch(publicKey: string, privateKey: string): Promise<boolean> {
  const point = bytes(publicKey);
  if (point?.length !== 65 || point[0] !== 4) return false;
  const curve = { name: "ECDSA", namedCurve: "P-256" };
  const half = (from: number) => base64url(point.slice(from, from + 32));
  try {
    const signer = await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", x: half(1), y: half(33), d: privateKey },
      curve,
      false,
      ["sign"],
    );
    const verifier = await crypto.subtle.importKey("raw", point, curve, false, ["verify"]);
    const probe = new TextEncoder().encode("vapid key check");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, probe);
    return await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, signature, probe);
  } catch {
    return false;
  }
}
