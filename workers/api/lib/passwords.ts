/**
 * Salted PBKDF2-SHA256 through WebCrypto (docs/architecture.md §7). Workers allow at most 100 000
 * iterations; the count is stored per member so it can be raised later without a reset.
 * Pure WebCrypto, so the Node seed script hashes demo passwords with the same code.
 */
export const PASSWORD_ITERATIONS = 100_000;

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(
  password: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(16)),
): Promise<PasswordHash> {
  const hash = await derive(password, salt, PASSWORD_ITERATIONS);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations: PASSWORD_ITERATIONS };
}

/** Constant-time: every byte is compared, whatever the first difference. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  const expected = fromBase64(stored.hash);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}

/** Verified against when the email is unknown, so both paths take the same time. */
export const DUMMY_HASH: PasswordHash = {
  hash: "+NWbK3jZpL1lJRSry3TTFIsc4k9ACSewjP9Hyn6G558=",
  salt: "AAAAAAAAAAAAAAAAAAAAAA==",
  iterations: PASSWORD_ITERATIONS,
};

/** The longest password anyone may send (longer ones are refused before any hashing). */
const CANDIDATE_MAX = 1000;

/**
 * Whether `candidate` is the member's password. Anything that is not a string, is too long, or
 * a member without a password (fictional) is simply "no".
 */
export async function verifyMemberPassword(
  member: { password_hash: string | null; password_salt: string | null; password_iterations: number | null },
  candidate: unknown,
): Promise<boolean> {
  if (typeof candidate !== "string" || candidate.length > CANDIDATE_MAX) return false;
  if (!member.password_hash || !member.password_salt || !member.password_iterations) return false;
  return verifyPassword(candidate, {
    hash: member.password_hash,
    salt: member.password_salt,
    iterations: member.password_iterations,
  });
}
