/**
 * Nudges (issue 30 point 4; docs/product.md "Nudges", ADR 057): a member's message with a word
 * of the site's offensive list goes only once the member confirmed "Are you sure?". Without the
 * confirmation the send is refused before anything is charged or stored (422
 * message_needs_confirm, the page's key unused); with it the message is stored as nudged, and the
 * receiver is asked "Does this bother you?". The same rule for a message to an entertainment
 * profile; hosts' replies are checked by the hosts' own rules (ADR 045), not here.
 */
import { offensiveWordsFor } from "../../../contract/rules/offensive-word-lists";
import { findOffensiveWord } from "../../../contract/rules/offensive-words";
import type { StoredSettings } from "../../../contract/schemas";
import { DomainError } from "./errors";

type WordSettings = Pick<StoredSettings, "offensive_words" | "domain_language">;

/** The words a member's messages are checked with: those of the member's language and of the site's. */
export function nudgeWordsFor(settings: WordSettings, senderLanguage: string): string[] {
  return offensiveWordsFor(settings.offensive_words, [senderLanguage, settings.domain_language]);
}

/**
 * Whether the message is sent as nudged; refuses it (message_needs_confirm) when it holds an
 * offensive word and the member has not confirmed. A confirmation without such a word changes nothing.
 */
export function nudgeOrRefuse(text: string, confirmed: boolean, words: readonly string[]): boolean {
  if (findOffensiveWord(text, words) === null) return false;
  if (!confirmed) {
    throw new DomainError("message_needs_confirm", "This message has words many find offensive: send it with confirm.", {
      fields: { text: "offensive" },
    });
  }
  return true;
}
