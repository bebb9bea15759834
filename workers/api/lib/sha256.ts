/** SHA-256 as hex: what is stored in place of a secret (session ids, link and form tokens). */

const encoder = new TextEncoder();

/** The SHA-256 of `text` (UTF-8), as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
