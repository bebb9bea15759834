/**
 * Signed tokens (HMAC-SHA256 with SIGNING_SECRET): the signup csrf token, the email-check token
 * and activation links. A token carries its purpose and expiry, so one kind can never be used
 * as another, and needs no database row until it is used.
 */
import { ApiError } from "./errors";
import { sha256Hex } from "./sha256";

export type TokenPurpose = "signup-csrf" | "email-check" | "activation";

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

async function key(secret: string | undefined): Promise<CryptoKey> {
  if (!secret || secret.length < 32) {
    console.error("SIGNING_SECRET is missing or shorter than 32 characters");
    throw new ApiError(503, "site_misconfigured", "The API has no signing secret.");
  }
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** A token for `purpose` holding `data`, valid for `ttlMs`. */
export async function signToken(
  secret: string | undefined,
  purpose: TokenPurpose,
  data: Record<string, string | number>,
  ttlMs: number,
  now = Date.now(),
): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify({ p: purpose, e: now + ttlMs, d: data })));
  const mac = await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(payload));
  return `${payload}.${base64url(new Uint8Array(mac))}`;
}

/** The data of a valid, unexpired token of this purpose; null for anything else. */
export async function verifyToken(
  secret: string | undefined,
  purpose: TokenPurpose,
  token: unknown,
  now = Date.now(),
): Promise<Record<string, string | number> | null> {
  if (typeof token !== "string" || token.length > 2000) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined) return null;
  const macBytes = fromBase64url(mac);
  const payloadBytes = fromBase64url(payload);
  if (!macBytes || !payloadBytes) return null;
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await key(secret), macBytes, encoder.encode(payload));
  if (!valid) return null;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payloadBytes));
    if (typeof parsed !== "object" || parsed === null) return null;
    const { p, e, d } = parsed as { p?: unknown; e?: unknown; d?: unknown };
    if (p !== purpose || typeof e !== "number" || e <= now || typeof d !== "object" || d === null) return null;
    return d as Record<string, string | number>;
  } catch {
    return null;
  }
}

/** SHA-256 hex of a token, for the used_tokens table. */
export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

const DEVELOPMENT_SECRET = "local-development-only-signing-secret-not-for-production";

/**
 * The signing secret: SIGNING_SECRET, or, for requests made on this machine only (`local`, see
 * index.ts), a development value, so `npm start` works with no setup while a deployed site
 * without the secret refuses.
 */
export function signingSecret(env: { SIGNING_SECRET?: string }, local: boolean): string | undefined {
  if (env.SIGNING_SECRET) return env.SIGNING_SECRET;
  return local ? DEVELOPMENT_SECRET : undefined;
}

/** 32 random bytes as 64 hex characters: the secret part of a mailed link (reset, mail change). */
export function randomToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
}
