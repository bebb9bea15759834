/**
 * The mails of a staff decision (ADR 029): the statement of reasons to the member it is about
 * (DSA art. 17; not for a dismissed case, which decides nothing about them), an appeal's
 * outcome to the member who appealed (art. 20(4)), and the outcome of a notice to its notifier
 * when they gave an address (art. 16(5)). Each goes from the site it belongs to (its name, its
 * language, links to its domain). The reason is staff's free text: the template escapes it.
 */
import type { Context } from "hono";
import { isLocale, type Locale } from "../../../contract/locales";
import type { MessageKey } from "../../../contract/translator";
import type { StaffAction } from "../../../contract/staff";
import type { ApiContext } from "../context";
import type { Site } from "../lib/site";
import { runAfterAnswer } from "../lib/after-answer";
import { mailTranslator, publicOrigin } from "./common";
import { queueMailFor } from "./outbox";
import { renderMail } from "./template";

/** The origin of a site's links: the request's own for the site it came to, else the site's domain. */
function originOf(c: Context<ApiContext>, site: Site): string {
  return site.id === c.var.site.id ? publicOrigin(c) : `https://${site.settings.domain}`;
}

async function send(c: Context<ApiContext>, site: Site, mail: Parameters<typeof queueMailFor>[1]): Promise<void> {
  let queued: Promise<void> = Promise.resolve();
  await queueMailFor({ db: c.var.db, site, env: c.env }, mail, (delivery) => {
    queued = Promise.resolve(runAfterAnswer(c, delivery));
  });
  await queued;
}

function formatDate(locale: Locale, at: number): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(at);
}

export interface DecisionMail {
  site: Site;
  member: { id: number; email: string | null; name: string; language: string };
  action: StaffAction;
  category: string;
  reason: string;
  decidedAt: number;
  appealUntil: number | null;
  /** Set when the decision answers an appeal. */
  appeal?: { reference: string; outcome: "upheld" | "reversed" };
}

/** The statement of reasons (or an appeal's outcome) to the member. Not for deleted accounts (no address). */
export async function queueDecisionMail(c: Context<ApiContext>, decision: DecisionMail): Promise<void> {
  const { site, member } = decision;
  if (!member.email) return;
  const { settings } = site;
  const { locale, t } = mailTranslator(member.language, settings.domain_language, "mail.moderation.subject");
  const name = settings.name;
  const origin = originOf(c, site);
  const banned = decision.action === "ban" && !decision.appeal;
  const link = new URL(banned ? "/pages/ban" : "/pages/service", origin).href;
  const intro = decision.appeal
    ? t(`mail.moderation.appeal.${decision.appeal.outcome}` as MessageKey, { reference: decision.appeal.reference, site: name })
    : t(`mail.moderation.intro.${decision.action}` as MessageKey, { site: name });
  const details = [
    { label: t("mail.moderation.category"), value: t(`moderation.categories.${decision.category}` as MessageKey) },
    { label: t("mail.moderation.reason"), value: decision.reason },
    { label: t("mail.moderation.decidedAt"), value: formatDate(locale, decision.decidedAt) },
  ];
  if (decision.appealUntil) {
    details.push({ label: t("mail.moderation.appealUntil"), value: formatDate(locale, decision.appealUntil) });
  }
  const mail = renderMail(settings, {
    locale,
    subject: decision.appeal ? t("mail.moderation.appealSubject", { site: name }) : t("mail.moderation.subject", { site: name }),
    preheader: intro,
    greeting: t("mail.moderation.greeting", { name: member.name }),
    intro: [intro],
    details,
    button: { label: t(banned ? "mail.moderation.buttonBan" : "mail.moderation.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [
      decision.appealUntil ? t("mail.moderation.howToAppeal", { support: settings.support_email }) : "",
      t("mail.moderation.redress"),
    ].filter(Boolean),
    signature: t("mail.receipt.signature", { site: name }),
    reason: t("mail.moderation.why", { site: name }),
  });
  await send(c, site, { kind: "moderation_decision", memberId: member.id, to: member.email, ...mail });
}

export interface NoticeOutcomeMail {
  site: Site;
  to: string;
  name: string | null;
  reference: string;
  category: string;
  /** What was decided about the content the notice named. */
  action: StaffAction;
  decidedAt: number;
}

/** The outcome of a notice to its notifier (DSA art. 16(5)): what was decided, not the member's statement. */
export async function queueNoticeOutcomeMail(c: Context<ApiContext>, notice: NoticeOutcomeMail): Promise<void> {
  const { settings } = notice.site;
  const language: Locale = isLocale(settings.domain_language) ? settings.domain_language : "en";
  const { locale, t } = mailTranslator(language, settings.domain_language, "mail.noticeOutcome.subject");
  const site = settings.name;
  const outcome = t(`mail.noticeOutcome.outcome.${notice.action === "dismiss" ? "none" : "acted"}` as MessageKey);
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.noticeOutcome.subject", { reference: notice.reference }),
    preheader: outcome,
    greeting: notice.name ? t("mail.notice.greeting", { name: notice.name }) : t("mail.notice.greetingAnonymous"),
    intro: [t("mail.noticeOutcome.intro", { site, reference: notice.reference }), outcome],
    details: [
      { label: t("mail.notice.reference"), value: notice.reference, strong: true },
      { label: t("mail.notice.reason"), value: t(`safety.categories.${notice.category}` as MessageKey) },
      { label: t("mail.moderation.decidedAt"), value: formatDate(locale, notice.decidedAt) },
    ],
    button: { label: t("mail.notice.button"), url: new URL("/complaints", originOf(c, notice.site)).href },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [t("mail.moderation.redress"), t("mail.notice.questions", { support: settings.support_email })],
    signature: t("mail.receipt.signature", { site }),
    reason: t("mail.notice.why", { site }),
  });
  await send(c, notice.site, { kind: "notice_decided", memberId: null, to: notice.to, ...mail });
}
