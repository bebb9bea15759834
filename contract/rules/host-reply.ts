/**
 * What a host's reply as an entertainment profile may not carry (docs/product.md "Chat hosts",
 * ADR 045): contact details (links, email addresses, phone numbers) and proposals to meet. The
 * profile is fictional: nobody can meet it, and a member must never be sent elsewhere. The API
 * refuses such a reply with the reason; the console's form warns while the host types.
 *
 * Links and addresses are found by linkifyjs (also without a scheme: "example.com"); phone numbers
 * as runs of at least nine digits split only by spaces, dots, dashes, slashes or brackets (after
 * full-width digits are read as digits); proposals to meet by phrases in the seven languages.
 * "Nice to meet you" is a greeting, not a proposal: only phrases about meeting in person count.
 */
import { find } from "linkifyjs";

export const HOST_REPLY_PROBLEMS = ["link", "email", "phone", "meeting"] as const;
export type HostReplyProblem = (typeof HOST_REPLY_PROBLEMS)[number];

const PHONE = /\+?\d(?:[\s.\-/()]{0,3}\d){8,}/u;

/** Phrases proposing to meet in person, by language (lower case; \b works for the Latin words). */
const MEETING: readonly RegExp[] = [
  // en
  /\b(let'?s|we could|we can|shall we|wanna|want to|like to) (meet|see each other|get together|hook up)\b/u,
  /\bmeet (up|in person|in real life|irl)\b/u,
  /\b(in person|in real life|irl|my place|your place|my address|come over)\b/u,
  /\bsee you (tonight|tomorrow|at|in)\b/u,
  // nl
  /\b(afspreken|afspraakje|in het echt|bij mij thuis|bij jou thuis)\b/u,
  /\belkaar (zien|ontmoeten)\b/u,
  // de
  /\b(uns treffen|treffen wir uns|treffen uns|persönlich|im echten leben|bei mir zu hause|zu mir nach hause)\b/u,
  // fr
  /\b(se voir|se rencontrer|on se voit|rendez-vous|chez moi|en vrai|en personne)\b/u,
  // es
  /\b(quedar|quedamos|vernos|en persona|mi casa|tu casa)\b/u,
  // it
  /\b(vederci|incontrarci|di persona|a casa mia|dal vivo)\b/u,
  // pl (no \b: Polish letters are not word characters for it)
  /(spotkajmy|spotkać się|spotkamy się|na żywo|osobiście|u mnie w domu)/u,
];

/** Full-width digits (Ｏ１２…) as ASCII, so they cannot hide a number. */
function asciiDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19]/gu, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));
}

/** The first thing in `text` a host's reply may not carry, or null when it may be sent. */
export function hostReplyProblem(text: string): HostReplyProblem | null {
  const found = find(text);
  if (found.some((entity) => entity.type === "email")) return "email";
  if (found.some((entity) => entity.type === "url")) return "link";
  if (PHONE.test(asciiDigits(text))) return "phone";
  const lower = text.toLowerCase();
  if (MEETING.some((phrase) => phrase.test(lower))) return "meeting";
  return null;
}
