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
// Every other character Unicode calls default-ignorable (shown as nothing): the left-to-right and
// right-to-left marks, the Arabic letter mark U+061C, the soft hyphen, the combining grapheme
// joiner, Hangul fillers, invisible operators, tags (issue 25). Variation selectors are left to
// the name rule (nameCharacterProblem): "❤️" holds one, and is no hidden text.
const IGNORABLE = /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;
// Pure: a bundle that uses only the checks (the browser's forms) leaves it out.
const FORBIDDEN_ALL = /* @__PURE__ */ new RegExp(`${FORBIDDEN.source}|${IGNORABLE.source}`, "gu");

/** Whether the text holds a character a name or an address may not hold. */
export function hasInvisibleCharacters(text: string): boolean {
  return FORBIDDEN.test(text) || IGNORABLE.test(text);
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

/** The field code (and message key errors.name_characters) of a name refused by nameCharacterProblem. */
export const NAME_CHARACTERS = "name_characters" as const;

/**
 * UTS #31's Recommended scripts (Table 4), the ones UTS #39 lets identifiers use; a letter of any
 * other script (Braille, Cherokee look-alikes, Runic, …) is refused in a name.
 */
const RECOMMENDED_SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Hebrew",
  "Arabic",
  "Thaana",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Georgian",
  "Hangul",
  "Ethiopic",
  "Khmer",
  "Han",
  "Hiragana",
  "Katakana",
  "Bopomofo",
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number] | "Japanese" | "Korean" | "HanWithBopomofo";
// Pure: the browser's forms leave this rule to the API (lib/forms/fields.ts), and their bundle leaves it out.
const SCRIPT_TESTS = /* @__PURE__ */ RECOMMENDED_SCRIPTS.map(
  (name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, "u")] as const,
);
const COMMON_OR_INHERITED = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** UTS #39 §5.1: the scripts a character belongs to, with Han, Hiragana, Katakana, Hangul and Bopomofo augmented to the writing systems that mix them. */
function augmentedScripts(char: string): Set<Script> | "common" | "excluded" {
  const scripts = new Set<Script>(SCRIPT_TESTS.filter(([, test]) => test.test(char)).map(([name]) => name));
  if (scripts.size === 0) return COMMON_OR_INHERITED.test(char) ? "common" : "excluded";
  if (scripts.has("Han")) for (const s of ["Japanese", "Korean", "HanWithBopomofo"] as const) scripts.add(s);
  if (scripts.has("Hiragana") || scripts.has("Katakana")) scripts.add("Japanese");
  if (scripts.has("Hangul")) scripts.add("Korean");
  if (scripts.has("Bopomofo")) scripts.add("HanWithBopomofo");
  return scripts;
}

function intersection(a: Set<Script>, b: Set<Script>): Set<Script> {
  const both = new Set<Script>();
  for (const script of a) if (b.has(script)) both.add(script);
  return both;
}

/** The resolved script set of the characters (UTS #39 §5.1): the scripts all of them share. */
function resolvedScripts(chars: string[]): Set<Script> | "excluded" {
  let resolved: Set<Script> | null = null;
  for (const char of chars) {
    const scripts = augmentedScripts(char);
    if (scripts === "excluded") return "excluded";
    if (scripts === "common") continue;
    resolved = resolved === null ? scripts : intersection(resolved, scripts);
  }
  return resolved ?? new Set(["Latin"]);
}

/**
 * What a name may be made of: letters, combining marks, digits, and spaces, hyphens, apostrophes,
 * dots, the middle dot, "_" and "@" (docs/product.md §5 lets "@" stand anywhere but first).
 */
const NAME_CHARACTER = /^[\p{L}\p{M}\p{Nd} \-\u2010'\u2019\u02BC.\u00B7_@]$/u;
const LETTER = /\p{L}/u;
const VARIATION_SELECTOR = /\p{Variation_Selector}/u;
const MARK = /\p{M}/u;

/**
 * Whether a member's name (in NFC, trimmed, without the invisible characters above) breaks the
 * Unicode identifier and confusable rules (UTS #39) as they apply to names, and so could pass
 * for someone else's or look blank:
 * - compatibility characters are refused: the name must be its own NFKC form, so full-width
 *   ("Ａｎｎａ"), styled ("𝐀𝐧𝐧𝐚"), circled and ligature letters, and non-breaking spaces go;
 * - only letters, marks and digits, with spaces, hyphens, apostrophes, dots, "_" and "@":
 *   no symbols, emoji or blank-looking characters ("\u2800", the Braille blank), and at least
 *   one letter; a combining mark follows a letter, at most two in a row, never one twice;
 * - letters of UTS #31's Recommended scripts only, and of one script, by UTS #39's "highly
 *   restrictive" level: a single script, or Latin with Han and Japanese kana, Han and Hangul, or
 *   Han and Bopomofo. "Аnna" with a Cyrillic "А" is refused; "Анна", "Łukasz", "Zoë" are not.
 * Whole-script look-alikes (a name all in Cyrillic that reads as Latin) are allowed: they are
 * real names in that script. docs/decisions/041-probe-findings-outbound-and-input.md.
 */
export function nameCharacterProblem(name: string): typeof NAME_CHARACTERS | null {
  if (name.normalize("NFKC") !== name) return NAME_CHARACTERS;
  const chars = [...name];
  if (!chars.every((char) => NAME_CHARACTER.test(char) && !VARIATION_SELECTOR.test(char))) return NAME_CHARACTERS;
  if (!chars.some((char) => LETTER.test(char))) return NAME_CHARACTERS;
  let marks = 0;
  for (const [i, char] of chars.entries()) {
    if (!MARK.test(char)) {
      marks = 0;
      continue;
    }
    marks++;
    const before = chars[i - 1] ?? "";
    if (marks > 2 || before === char || (marks === 1 && !LETTER.test(before))) return NAME_CHARACTERS;
  }
  const resolved = resolvedScripts(chars);
  if (resolved === "excluded") return NAME_CHARACTERS;
  if (resolved.size > 0) return null;
  // Mixed: Latin may join Han with kana, Hangul or Bopomofo (highly restrictive), nothing else.
  const rest = resolvedScripts(chars.filter((char) => !/\p{Script_Extensions=Latin}/u.test(char)));
  if (rest === "excluded") return NAME_CHARACTERS;
  return rest.has("Japanese") || rest.has("Korean") || rest.has("HanWithBopomofo") ? null : NAME_CHARACTERS;
}
