/**
 * The acknowledgement of an appeal (DSA art. 20; ADR 030): the reference, which decision it is
 * about and its date, and that a person who did not take the decision will answer by mail. It
 * does not repeat the member's text (it is theirs already, and it keeps member-written HTML out
 * of our mails altogether). Sent once, by the call that filed the appeal.
 */
import type { Context } from "hono";
import { isLocale, type Locale } from "../../../contract/locales";
import type { DecisionAgainst } from "../../../contract/rules/appeals";
import { safeTimeZone } from "../../../contract/time";
import type { ApiContext } from "../context";
import { mailTranslator, publicOrigin } from "./common";
import { queueMail } from "./outbox";
import { renderMail } from "./template";

export interface AppealForMail {
  reference: string;
  to: string;
  name: string;
  language: string;
  action: DecisionAgainst;
  decidedAt: number;
  timeZone: string | null;
  memberId: number;
}

export async function queueAppealMail(c: Context<ApiContext>, appeal: AppealForMail): Promise<void> {
  const { settings } = c.var.site;
  const language: Locale | string = isLocale(appeal.language) ? appeal.language : settings.domain_language;
  const { locale, t } = mailTranslator(language, settings.domain_language, "mail.appeal.subject");
  const site = settings.name;
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: safeTimeZone(appeal.timeZone),
  }).format(appeal.decidedAt);
  const link = new URL(appeal.action === "ban" ? "/pages/ban" : "/notifications", publicOrigin(c)).href;
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.appeal.subject", { site, reference: appeal.reference }),
    preheader: t("mail.appeal.preheader", { reference: appeal.reference }),
    greeting: t("mail.appeal.greeting", { name: appeal.name }),
    intro: [t("mail.appeal.intro", { site })],
    details: [
      { label: t("mail.appeal.reference"), value: appeal.reference, strong: true },
      { label: t("mail.appeal.decision"), value: t(`appeals.actions.${appeal.action}`) },
      { label: t("mail.appeal.decidedAt"), value: when },
    ],
    button: { label: t("mail.appeal.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [t("mail.appeal.next"), t("mail.appeal.questions", { support: settings.support_email })],
    signature: t("mail.receipt.signature", { site }),
    reason: t("mail.appeal.why", { site }),
  });
  await queueMail(c, {
    kind: "appeal_received",
    memberId: appeal.memberId,
    to: appeal.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}
