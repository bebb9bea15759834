/**
 * Identity hygiene (issue 15, docs/product.md "Names and addresses"): names and addresses are
 * stored in Unicode NFC, and characters a reader cannot see are refused in them. Control
 * characters, the bidirectional overrides and isolates (U+202A–202E, U+2066–2069) and the
 * zero-width characters (U+200B–200D, U+2060, U+FEFF) let "ann@example.com" and
 * "an\u200Bn@example.com" look alike, or turn a name around on screen ("moc.elpmaxe"). Shared by
 * the browser's schemas, the app's actions and the API, so all three refuse the same text.
 */

/** The field code (and message key errors.invisible_characters) of a refused name or address. */
export const INVISIBLE_CHARACTERS = "invisible_characters" as const;

// C0 and C1 controls (tab and line breaks too: a name or an address is one line), the
// bidirectional embeddings, overrides and isolates, and the zero-width characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, "gu");

/** Whether the text holds a character a name or an address may not hold. */
export function hasInvisibleCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The text in NFC ("e" + U+0301 becomes "é"), trimmed: how names and addresses are stored. */
export function normaliseIdentityText(text: string): string {
  return text.normalize("NFC").trim();
}

/**
 * The form two addresses are compared in: NFC, without the forbidden characters, so an address
 * that differs from a known one only by them is the same address.
 */
export function withoutInvisibleCharacters(text: string): string {
  return text.normalize("NFC").replace(FORBIDDEN_ALL, "");
}
