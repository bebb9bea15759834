/**
 * First messages (issue 30 point 2; docs/product.md "First messages: what is refused", ADR 053):
 * until the other side has written, and always with an entertainment profile, a message with a
 * link, an email address, a phone number or a payment or messenger handle is refused, before
 * anything is charged or stored. The reason names what was found (fields.text: link, email,
 * phone or handle); the app shows it beside the composer and keeps the text.
 */
import { LOCALES } from "../../../contract/locales";
import {
  type ContactDetailKind,
  contactDetailsChecked,
  findContactDetail,
  handleWordsFor,
} from "../../../contract/rules/contact-details";
import { hostReplyProblem } from "../../../contract/rules/host-reply";
import type { StoredSettings } from "../../../contract/schemas";
import type { Db } from "../db/client";
import { contactCheckFacts } from "../db/first-messages";
import { DomainError } from "./errors";

type HandleSettings = Pick<StoredSettings, "first_message_handles" | "domain_language">;

const refused = (kind: ContactDetailKind) =>
  new DomainError("contact_details_refused", `Contact details (${kind}) cannot be sent in this conversation yet.`, {
    fields: { text: kind },
  });

/** Whether contact details are refused in this conversation now (the messages answer says so to the page). */
export async function contactDetailsRefusedIn(db: Db, conversation: number, otherId: number): Promise<boolean> {
  return contactDetailsChecked(await contactCheckFacts(db, conversation, otherId));
}

/**
 * Refuses a member's message that carries contact details while the conversation is checked.
 * The words: those of the sender's language and of the site's language.
 */
export async function refuseContactDetails(
  db: Db,
  message: { conversation: number; otherId: number; text: string; senderLanguage: string },
  settings: HandleSettings,
): Promise<void> {
  if (!(await contactDetailsRefusedIn(db, message.conversation, message.otherId))) return;
  const words = handleWordsFor(settings.first_message_handles, [message.senderLanguage, settings.domain_language]);
  const kind = findContactDetail(message.text, words);
  if (kind) throw refused(kind);
}

/**
 * Refuses a host's reply as an entertainment profile that carries contact details (always: the
 * profile is fictional) or proposes to meet (ADR 045). Every language's words of the member's site:
 * a host may write in any of them (the defaults when the site's settings cannot be read).
 */
export function refuseHostReplyContent(text: string, settings: Pick<StoredSettings, "first_message_handles"> | undefined): void {
  const problem = hostReplyProblem(text, handleWordsFor(settings?.first_message_handles, LOCALES));
  if (problem === "meeting")
    throw new DomainError("invalid_input", "A reply may not propose to meet.", { fields: { text: "meeting" } });
  if (problem) throw refused(problem);
}
