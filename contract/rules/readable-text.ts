/**
 * A text as a reader sees it, not as it is typed (ADR 053, ADR 057): NFKC (full-width ０６,
 * 𝐩𝐚𝐲𝐩𝐚𝐥, ⓟⓐⓨ become plain), without invisible characters (zero-width spaces and joiners, soft
 * hyphens) and accents, with look-alike Cyrillic and Greek letters read as Latin, in lower case.
 * The filters of chat messages (contact-details.ts, offensive-words.ts) read this text. Small and
 * free of dependencies: the chat page's script carries it for the nudge (ADR 057).
 */

// Invisible characters: zero-width spaces and joiners, marks, soft hyphens, BOM, word joiners,
// bidirectional controls, tags (every default-ignorable code point but variation selectors).
const INVISIBLE = /(?![\uFE00-\uFE0F])[\p{Default_Ignorable_Code_Point}\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/gu;

/** Cyrillic and Greek letters that look like Latin ones ("pаypal" with a Cyrillic а). */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/** The text as a reader sees it: NFKC, no invisible characters or accents, look-alikes as Latin, lower case. */
export function readableText(text: string): string {
  return (
    text
      .replace(/[\t\r\n\f\v]+/g, " ")
      .normalize("NFKC")
      .replace(INVISIBLE, "")
      // Accents off: é → e (NFKD splits them; the marks go).
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
      // Ideographic and half-width full stops, as a dot.
      .replace(/[\u3002\uFF61]/g, ".")
  );
}
