/**
 * What a host's reply as an entertainment profile may not carry (docs/product.md "Chat hosts",
 * ADR 045): contact details (links, email addresses, phone numbers) and proposals to meet. The
 * profile is fictional: nobody can meet it, and a member must never be sent elsewhere. The API
 * refuses such a reply with the reason; the console's form warns while the host types.
 *
 * Contact details (links, addresses, phone numbers, payment and messenger handles, however
 * disguised) are found as in members' first messages (rules/contact-details.ts, ADR 053): a host's
 * reply is always checked, with every language's words of the site. Proposals to meet by phrases
 * in the seven languages. "Nice to meet you" is a greeting, not a proposal: only phrases about
 * meeting in person count.
 */
import { DEFAULT_HANDLE_WORDS, findContactDetail } from "./contact-details";

export const HOST_REPLY_PROBLEMS = ["link", "email", "phone", "handle", "meeting"] as const;
export type HostReplyProblem = (typeof HOST_REPLY_PROBLEMS)[number];

/** Every language's default words: the console's own check before the API's (which uses the site's). */
export const ALL_DEFAULT_HANDLE_WORDS: readonly string[] = [...new Set(Object.values(DEFAULT_HANDLE_WORDS).flat())];

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

/** The first thing in `text` a host's reply may not carry, or null when it may be sent. */
export function hostReplyProblem(
  text: string,
  handleWords: readonly string[] = ALL_DEFAULT_HANDLE_WORDS,
): HostReplyProblem | null {
  const contact = findContactDetail(text, handleWords);
  if (contact) return contact;
  const lower = text.toLowerCase();
  if (MEETING.some((phrase) => phrase.test(lower))) return "meeting";
  return null;
}
