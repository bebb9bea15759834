/**
 * The acknowledgement of a notice (DSA art. 16(4): confirmation of receipt without undue delay,
 * where an address was given): the reference, why, and that it will be looked at. Sent once,
 * by the call that filed the notice.
 *
 * Anyone can type any address into the notice form, so the mail must not carry what the sender
 * typed to an address nobody has proven (docs/product.md "Trust and safety", issue 25): to an
 * unconfirmed address it has fixed wording only (no name, no subject, no explanation: only the
 * reference and the chosen category's own label). Only a member writing from their own
 * confirmed address gets the greeting by name and the subject echoed.
 */
import type { Context } from "hono";
import { isLocale, type Locale } from "../../../contract/locales";
import type { MessageKey } from "../../../contract/translator";
import type { ApiContext } from "../context";
import { mailTranslator, publicOrigin } from "./common";
import { queueMail } from "./outbox";
import { renderMail } from "./template";

export interface NoticeForMail {
  reference: string;
  to: string;
  name: string;
  language: string | undefined;
  category: string;
  subject: string;
  memberId: number | null;
  /** The address is the logged-in sender's own, confirmed one: only then is free text echoed. */
  confirmed: boolean;
}

export async function queueNoticeMail(c: Context<ApiContext>, notice: NoticeForMail): Promise<void> {
  const { settings } = c.var.site;
  const language: Locale | string = notice.language && isLocale(notice.language) ? notice.language : settings.domain_language;
  const { locale, t } = mailTranslator(language, settings.domain_language, "mail.notice.subject");
  const site = settings.name;
  const link = new URL("/complaints", publicOrigin(c)).href;
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.notice.subject", { site, reference: notice.reference }),
    preheader: t("mail.notice.preheader", { reference: notice.reference }),
    greeting:
      notice.confirmed && notice.name ? t("mail.notice.greeting", { name: notice.name }) : t("mail.notice.greetingAnonymous"),
    intro: [t("mail.notice.intro", { site })],
    details: [
      { label: t("mail.notice.reference"), value: notice.reference, strong: true },
      ...(notice.confirmed ? [{ label: t("mail.notice.about"), value: notice.subject }] : []),
      { label: t("mail.notice.reason"), value: t(`safety.categories.${notice.category}` as MessageKey) },
    ],
    button: { label: t("mail.notice.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [
      t("mail.notice.next"),
      t("mail.notice.questions", { support: settings.support_email }),
      ...(notice.confirmed ? [] : [t("mail.notice.notYou", { site })]),
    ],
    signature: t("mail.receipt.signature", { site }),
    reason: t("mail.notice.why", { site }),
  });
  await queueMail(c, {
    kind: "notice_received",
    memberId: notice.memberId,
    to: notice.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}
