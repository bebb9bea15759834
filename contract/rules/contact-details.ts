/**
 * Contact details in a chat message (issue 30 point 2; docs/product.md "First messages: what is
 * refused", ADR 053): links, email addresses, phone numbers and payment or messenger handles.
 * Scammers' first move is to take a conversation elsewhere or ask for money; the API refuses a
 * first message that carries any of these, with what it found, and the member keeps the text.
 *
 * The text is read as a reader would see it, not as it is typed: NFKC (full-width ０６, 𝐩𝐚𝐲𝐩𝐚𝐥,
 * ⓟⓐⓨ become plain), without invisible characters (zero-width spaces and joiners, soft hyphens)
 * and accents, with look-alike Cyrillic and Greek letters read as Latin, in lower case. Then:
 *
 * - email: an address, also spelled out ("anna at gmail dot com", "anna(at)gmail(dot)com") or
 *   without its ending at a well-known mail provider ("anna at gmail");
 * - handle: a word of the site's list (PayPal, WhatsApp…; per language, in the site's settings),
 *   also spaced or dotted ("p a y p a l", "pay.pal"), with digits for letters ("p4yp4l"); a
 *   "@name" or a "$cashtag";
 * - link: an address of a web page found by linkifyjs, with a scheme, "www.", a path
 *   ("bit.ly/abc"), or a common ending ("example.com"), also spelled out ("example dot com");
 *   "ok.so" or "hi.how" (no path, a rare ending) is how people type, not a link;
 * - phone: nine or more digits split only by spaces, dots, dashes, slashes or brackets
 *   ("0 6 1 2 3 4 5 6 7 8", "+31 (6) 12-34"); dates are left out, and shorter numbers (ages,
 *   times, prices, years) never count.
 *
 * Pure, and kept on the server: the chat page's JavaScript carries none of it (its budget,
 * docs/architecture.md §6); the API is the authority.
 */
import { find } from "linkifyjs";
import type { Locale } from "../locales";
import { readableText } from "./readable-text";

export { readableText };

export const CONTACT_DETAIL_KINDS = ["email", "handle", "link", "phone"] as const;
export type ContactDetailKind = (typeof CONTACT_DETAIL_KINDS)[number];

/**
 * The words a site refuses by default, per language: payment services and messengers in use
 * where the language is spoken. A word that is also an ordinary word of that language stays out
 * of its list ("Zelle" is a cell in German, "BLIK" a tin in Dutch, "Line", "Signal" and "Chime"
 * are English words, Lydia a French name): the lists are per language for that reason.
 */
const EVERYWHERE = [
  "paypal",
  "cashapp",
  "venmo",
  "telegram",
  "whatsapp",
  "snapchat",
  "instagram",
  "skype",
  "viber",
  "wechat",
  "kik messenger",
  "revolut",
  "western union",
  "moneygram",
  "wise transfer",
  "apple pay",
  "google pay",
  "onlyfans",
];
export const DEFAULT_HANDLE_WORDS: Record<Locale, string[]> = {
  en: [...EVERYWHERE, "zelle"],
  nl: [...EVERYWHERE, "tikkie", "zelle"],
  de: [...EVERYWHERE, "giropay"],
  it: [...EVERYWHERE, "satispay", "postepay", "zelle"],
  fr: [...EVERYWHERE, "paylib", "zelle"],
  es: [...EVERYWHERE, "bizum", "zelle"],
  pl: [...EVERYWHERE, "blik", "zelle"],
};

/** A handle word as the settings take it: letters and digits, spaces, dots, dashes; three letters or more. */
export const HANDLE_WORD = /^(?=(?:[^\p{L}\p{N}]*[\p{L}\p{N}]){3})[\p{L}\p{N} .'-]{3,40}$/u;

/** Endings of web and mail addresses people give; a link without a path must end in one ("ok.so", "do.it" are typing). */
const COMMON_ENDINGS = new Set(
  (
    "com net org info biz io app xyz online site club ly gl gg tv cc co eu uk de nl fr es pl ch se dk fi pt ie lu cz " +
    "sk hu ro bg gr hr si ru ua ca au nz br mx ar tr"
  ).split(" "),
);
/** Spelled out ("example dot me"), an ending is given on purpose: the short words count too. */
const SPELLED_ENDINGS = new Set([...COMMON_ENDINGS, ..."me it be at to us in no".split(" ")]);

// A dot spelled out: "(dot)", "[punkt]", " dot ", " . " (a space before it: "fine. it was" is a sentence), or ".".
const DOT_WORD = String.raw`(?:\s*[([{]\s*(?:dot|punt|punkt|point|punto|kropka|\.)\s*[)\]}]\s*|\s+dot\s+|\s+\.\s*|\.)`;
// An @ spelled out: "(at)", "[bei]", " at ", " @ ".
const AT_WORD = String.raw`(?:\s*[([{]\s*(?:at|@|bij|bei|chez|arroba|chiocciola|malpa|małpa)\s*[)\]}]\s*|\s+at\s+|\s*@\s*)`;
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
/** Addresses, the @ and the dots spelled out or spaced. */
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]{2,64}${AT_WORD}${LABEL}(?:${DOT_WORD}${LABEL})*?${DOT_WORD}([a-z]{2,6})(?![a-z0-9])`,
  "gu",
);
/** Mail providers whose name alone makes an address: "anna at gmail". */
const MAIL_PROVIDER = new RegExp(
  String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]{2,64}${AT_WORD}(?:gmail|googlemail|hotmail|yahoo|icloud|gmx|protonmail|outlook|yandex)(?![a-z])`,
  "u",
);
/** Host names with their dots spelled out: "example dot com", "bit (dot) ly/abc". */
const SPELLED_LINK = new RegExp(
  String.raw`(?<![a-z0-9-])${LABEL}(?:${DOT_WORD}${LABEL})*?${DOT_WORD}([a-z]{2,6})(?![a-z0-9])`,
  "gu",
);

function spelledEmail(text: string): boolean {
  if (MAIL_PROVIDER.test(text)) return true;
  for (const match of text.matchAll(SPELLED_EMAIL)) if (SPELLED_ENDINGS.has(match[1] ?? "")) return true;
  return false;
}

function spelledLink(text: string): boolean {
  for (const match of text.matchAll(SPELLED_LINK)) {
    // A plain "a.b" is for linkify to judge (with its full list of endings).
    if (!/\s|[([{]/.test(match[0])) continue;
    if (SPELLED_ENDINGS.has(match[1] ?? "")) return true;
  }
  return false;
}

/** Whether linkify's find is a link someone gives rather than two words typed without a space. */
function isGivenLink(value: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^www\./i.test(value)) return true;
  const rest = value.replace(/^[^/?#:]*/, "");
  if (rest.length > 1) return true;
  const host = value.replace(/[/?#:].*$/, "");
  return COMMON_ENDINGS.has(host.split(".").at(-1)?.toLowerCase() ?? "");
}

// A date with its year ("12.05.2024", "1-2-2025") is no phone number: it is taken out before the digits are counted.
const DATE = /(?<!\d)(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])[./-](?:19|20)\d{2}(?!\d)/g;
const PHONE = /\+?\d(?:[\s.\-/()]{0,3}\d){8,}/u;

/** Letters a handle word may be written with instead ("p4yp4l", "te1egram", "$kype"). */
const STAND_INS: Record<string, string> = {
  a: "a4@",
  e: "e3",
  i: "i1!|",
  l: "l1|",
  o: "o0",
  s: "s5$",
  t: "t7",
  b: "b8",
  g: "g9",
};
const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, "\\$&");

/**
 * A handle word as a pattern: its letters in order, each as itself or a stand-in, up to three
 * other characters between, not inside a longer word. ASCII classes on purpose: the text is
 * already without accents, and Unicode property classes cost a Worker tens of milliseconds to compile per word.
 */
function handlePattern(word: string): RegExp | null {
  const letters = [...readableText(word).replace(/[^a-z0-9]/g, "")];
  if (letters.length < 3) return null;
  const parts = letters.map((letter) => `[${escapeClass(STAND_INS[letter] ?? letter)}]`);
  return new RegExp(`(?<![a-z0-9])${parts.join("[^a-z0-9]{0,3}")}(?![a-z0-9])`);
}

const patternCache = new Map<string, RegExp | null>();
function cachedPattern(word: string): RegExp | null {
  let pattern = patternCache.get(word);
  if (pattern === undefined) {
    pattern = handlePattern(word);
    if (patternCache.size > 2000) patternCache.clear();
    patternCache.set(word, pattern);
  }
  return pattern;
}

/** "@anna_92" (a messenger or social name) or "$anna" (a Cash App cashtag); not "@ 8" nor "$5". */
const AT_HANDLE = /(?<![a-z0-9._%+-])[@$][a-z][a-z0-9_.]{4,29}(?![a-z0-9])/;

function hasHandle(text: string, words: readonly string[]): boolean {
  if (AT_HANDLE.test(text)) return true;
  return words.some((word) => cachedPattern(word)?.test(text) ?? false);
}

/**
 * What kind of contact detail the message holds first (email, a payment or messenger handle, a
 * link, a phone number), or null when it holds none. `handleWords`: the site's words for the
 * languages in play (handleWordsFor).
 */
export function findContactDetail(text: string, handleWords: readonly string[]): ContactDetailKind | null {
  const readable = readableText(text);
  const found = find(readable);
  if (found.some((entity) => entity.type === "email") || spelledEmail(readable)) return "email";
  if (hasHandle(readable, handleWords)) return "handle";
  if (found.some((entity) => entity.type === "url" && isGivenLink(entity.value)) || spelledLink(readable)) return "link";
  if (PHONE.test(readable.replace(DATE, " "))) return "phone";
  return null;
}

/** The site's handle words for these languages (each once); a language the settings leave out has the default list. */
export function handleWordsFor(
  settings: Partial<Record<Locale, readonly string[]>> | undefined,
  languages: readonly string[],
): string[] {
  const words = new Set<string>();
  for (const language of languages) {
    if (!Object.hasOwn(DEFAULT_HANDLE_WORDS, language)) continue;
    const locale = language as Locale;
    for (const word of settings?.[locale] ?? DEFAULT_HANDLE_WORDS[locale]) words.add(word);
  }
  return [...words];
}

/**
 * Whether a message in this conversation is checked (ADR 053): always to or from an
 * entertainment profile (a host never gives contact details, and nobody can meet a fictional
 * profile); between members until the other side has written in the conversation.
 */
export function contactDetailsChecked(conversation: { withEntertainmentProfile: boolean; otherHasWritten: boolean }): boolean {
  return conversation.withEntertainmentProfile || !conversation.otherHasWritten;
}
