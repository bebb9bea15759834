/**
 * The confirmation of a premium cancellation (docs/product.md §10.8; §312k BGB: confirmed at
 * once, on a durable medium, with the date and time of the cancellation and when it takes
 * effect). Sent by the call that cancelled.
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../contract/schemas";
import { safeTimeZone } from "../../../contract/time";
import type { ApiContext } from "../context";
import type { Membership } from "../domain/premium";
import { type MailMember, type MailRecipient, mailTranslator, publicOrigin, renderStandardMail } from "./common";
import { queueMail } from "./outbox";
import { renderMail } from "./template";

export function renderPremiumCancelledMail(
  settings: StoredSettings,
  member: MailRecipient,
  membership: Membership,
  link: string,
) {
  const { locale, t } = mailTranslator(member.language, settings.domain_language, "mail.premiumCancelled.subject");
  const site = settings.name;
  const when = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: safeTimeZone(member.timezone) }).format(
      ms,
    );
  return renderMail(settings, {
    locale,
    subject: t("mail.premiumCancelled.subject", { site }),
    preheader: t("mail.premiumCancelled.preheader", { date: when(membership.current_period_end) }),
    greeting: t("mail.premiumCancelled.greeting", { name: member.name }),
    intro: [t("mail.premiumCancelled.intro", { site })],
    details: [
      { label: t("mail.premiumCancelled.contract"), value: t("mail.receipt.premium", { count: membership.months }) },
      { label: t("mail.premiumCancelled.received"), value: when(membership.canceled_at ?? Date.now()) },
      { label: t("mail.premiumCancelled.ends"), value: when(membership.current_period_end), strong: true },
    ],
    button: { label: t("mail.premiumCancelled.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [t("mail.premiumCancelled.nothingMore"), t("mail.withdrawal.questions", { support: settings.support_email })],
    signature: t("mail.receipt.signature", { site }),
    reason: t("mail.premiumCancelled.reason", { site }),
  });
}

export async function queuePremiumCancelledMail(
  c: Context<ApiContext>,
  member: MailRecipient,
  membership: Membership,
): Promise<void> {
  if (!member.email) return;
  const mail = renderPremiumCancelledMail(c.var.site.settings, member, membership, new URL("/premium", publicOrigin(c)).href);
  await queueMail(c, { kind: "premium_cancelled", memberId: member.id, to: member.email, ...mail });
}

/**
 * "Cancel contracts here" without logging in (issue 25): the link that confirms the cancellation,
 * to the account's own address. Nothing is cancelled until it is used.
 */
export async function queuePremiumCancelConfirmMail(c: Context<ApiContext>, member: MailMember, token: string): Promise<void> {
  const url = new URL("/premium/cancel", publicOrigin(c));
  url.searchParams.set("token", token);
  const mail = renderStandardMail("premiumCancelConfirm", c.var.site.settings, member, url.href);
  await queueMail(c, { kind: "premium_cancel_confirm", memberId: member.id, to: member.email, ...mail });
}
