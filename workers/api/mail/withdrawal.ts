/**
 * The acknowledgement of a withdrawal (docs/product.md §10.7; Consumer Rights Directive art.
 * 11a: confirmed without delay on a durable medium): when it was received, what was bought,
 * the credits taken back and the refund. Sent once, by the call that made the withdrawal.
 */
import type { Context } from "hono";
import type { Locale } from "../../../contract/locales";
import { formatMoney } from "../../../contract/money";
import { safeTimeZone } from "../../../contract/time";
import type { StoredSettings } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import type { Order } from "../domain/orders";
import type { Withdrawal } from "../domain/withdrawals";
import { type MailRecipient, mailTranslator, publicOrigin } from "./common";
import { queueMail } from "./outbox";
import { itemName } from "./receipt";
import { renderMail, type RenderedMail } from "./template";

export function renderWithdrawalMail(
  settings: StoredSettings,
  member: Pick<MailRecipient, "name" | "language" | "timezone">,
  order: Order,
  withdrawal: Withdrawal,
  link: string,
): RenderedMail & { locale: Locale } {
  const { locale, t } = mailTranslator(member.language, settings.domain_language, "mail.withdrawal.subject");
  const site = settings.name;
  const money = (cents: number) => formatMoney(locale, cents, order.currency);
  const when = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: safeTimeZone(member.timezone) }).format(
      ms,
    );
  const premium = order.product === "premium";
  const what = itemName(t, order);
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.withdrawal.subject", { site, reference: order.id }),
    preheader: t("mail.withdrawal.preheader", { refund: money(withdrawal.refund_cents) }),
    greeting: t("mail.withdrawal.greeting", { name: member.name }),
    intro: [t("mail.withdrawal.intro", { what, date: when(withdrawal.requested_at) })],
    details: [
      { label: t("mail.receipt.reference"), value: order.id },
      { label: t("mail.withdrawal.bought"), value: `${what}, ${money(order.amount_cents)}` },
      {
        label: t(premium ? "mail.withdrawal.returnedBonus" : "mail.withdrawal.returned"),
        value: t("mail.receipt.credits", { count: withdrawal.credits_returned }),
      },
      { label: t("mail.withdrawal.refund"), value: money(withdrawal.refund_cents), strong: true },
    ],
    button: { label: t("mail.withdrawal.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [
      ...(premium
        ? [
            withdrawal.refund_cents > 0 ? t("mail.withdrawal.refundWhen") : t("mail.withdrawal.nothingToRefundPremium"),
            t("mail.withdrawal.premiumDays"),
          ]
        : [
            withdrawal.refund_cents > 0 ? t("mail.withdrawal.refundWhen") : t("mail.withdrawal.nothingToRefund"),
            t("mail.withdrawal.usedCredits"),
          ]),
      t("mail.withdrawal.questions", { support: settings.support_email }),
    ],
    signature: t("mail.receipt.signature", { site }),
    reason: t("mail.withdrawal.reason", { site }),
  });
  return { ...mail, locale };
}

export async function queueWithdrawalMail(
  c: Context<ApiContext>,
  member: MailRecipient,
  order: Order,
  withdrawal: Withdrawal,
): Promise<void> {
  if (!member.email) return;
  const link = new URL("/withdrawal", publicOrigin(c)).href;
  const mail = renderWithdrawalMail(c.var.site.settings, member, order, withdrawal, link);
  await queueMail(c, {
    kind: "withdrawal",
    memberId: member.id,
    to: member.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}
