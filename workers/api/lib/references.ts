/**
 * References shown to people who sent us something (ADR 028): a letter for the kind, a dash and
 * 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). Random, so they do not
 * reveal how many came in; a unique index backs each kind, and a collision draws again.
 * R: a member's report, N: a DSA notice, A: an appeal (ADR 030).
 */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newReference(letter: "R" | "N" | "A" | "P"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${letter}-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}
