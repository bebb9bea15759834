/**
 * The receipt of a paid order (docs/product.md §10.6): translated, site-branded, with the order
 * lines (package, price without VAT, the VAT and its rate, discount, total), the payment
 * method, the reference and date, the withdrawal information, and the company's registration
 * and VAT numbers (the details of companyinfo.php). Sent once, when the order becomes paid.
 */
import type { Context } from "hono";
import type { Locale } from "../../../contract/locales";
import { formatMoney } from "../../../contract/money";
import { safeTimeZone } from "../../../contract/time";
import type { StoredSettings } from "../../../contract/schemas";
import { methodName } from "../adapters/payments/methods";
import type { ApiContext } from "../context";
import { claimReceipt, releaseReceipt, type Order } from "../domain/orders";
import type { Translator } from "../../../contract/translator";
import { type MailRecipient, mailTranslator, publicOrigin } from "./common";
import { type MailScope, queueMailFor } from "./outbox";
import { renderMail, type RenderedMail } from "./template";

/** The mail itself, pure: for the outbox and for tests. */
/**
 * What an order bought, as the receipt and the withdrawal acknowledgement name it (a legal
 * record): every kind of item an order can hold has its own words.
 */
export function itemName(t: Pick<Translator, "t">["t"], order: Pick<Order, "product" | "credits" | "months">): string {
  switch (order.product) {
    case "premium":
      return t("mail.receipt.premium", { count: order.months });
    case "credits":
      return t("mail.receipt.credits", { count: order.credits });
    default: {
      const unknown: never = order.product;
      throw new Error(`no name for the item kind ${String(unknown)}`);
    }
  }
}

export function renderReceiptMail(
  settings: StoredSettings,
  member: Pick<MailRecipient, "name" | "language" | "timezone">,
  order: Order,
  link: string,
): RenderedMail & { locale: Locale } {
  const { locale, t } = mailTranslator(member.language, settings.domain_language, "mail.receipt.subject");
  const site = settings.name;
  const money = (cents: number) => formatMoney(locale, cents, order.currency);
  const paidAt = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: safeTimeZone(member.timezone),
  }).format(order.paid_at ?? order.created_at);
  const premium = order.product === "premium";
  // A credits-bonus code's credits (docs/decisions/054) are a line of their own, beside the package's.
  const what = itemName(t, { ...order, credits: order.credits - order.bonus_credits });
  const details = [
    { label: t("mail.receipt.reference"), value: order.id },
    { label: t("mail.receipt.date"), value: paidAt },
    { label: t("mail.receipt.item"), value: what },
    ...(order.bonus_credits > 0
      ? [{ label: t("credits.bonus.label"), value: t("credits.bonus.card", { count: order.bonus_credits }) }]
      : []),
    ...(order.discount_cents > 0
      ? [
          { label: t("mail.receipt.listPrice"), value: money(order.list_cents) },
          { label: t("mail.receipt.discount"), value: `−${money(order.discount_cents)}` },
        ]
      : []),
    { label: t("mail.receipt.net"), value: money(order.amount_cents - order.vat_cents) },
    { label: t("mail.receipt.vat", { rate: order.vat_rate }), value: money(order.vat_cents) },
    { label: t("mail.receipt.total"), value: money(order.amount_cents), strong: true },
    { label: t("mail.receipt.method"), value: methodName(order.method) },
  ];
  const legal = [
    settings.company_kvk ? t("mail.receipt.registration", { number: settings.company_kvk }) : "",
    ...settings.company_vat_numbers.map((number) => t("mail.receipt.vatNumber", { number })),
  ].filter((line) => line !== "");
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.receipt.subject", { site, reference: order.id }),
    preheader: t("mail.receipt.preheader", { what, total: money(order.amount_cents) }),
    greeting: t("mail.receipt.greeting", { name: member.name }),
    intro: [t(premium ? "mail.receipt.introPremium" : "mail.receipt.intro", { what, site })],
    details,
    button: { label: t("mail.receipt.button"), url: link },
    linkIntro: t("mail.receipt.linkIntro"),
    outro: [t(premium ? "mail.receipt.withdrawalPremium" : "mail.receipt.withdrawal", { support: settings.support_email })],
    signature: t("mail.receipt.signature", { site }),
    reason: t(premium ? "mail.receipt.reasonPremium" : "mail.receipt.reason", { site }),
    legal,
  });
  return { ...mail, locale };
}

/**
 * Queues the receipt of an order that has just become paid, once per order whatever number of
 * calls get here (the webhook and its redeliveries, the return page, a renewal): the receipt is
 * claimed by an order event first and given back when queueing it fails, so the provider's
 * redelivery sends it (docs/decisions/018-payments.md, 037). A deleted member gets none.
 */
export async function queueReceiptMail(c: Context<ApiContext>, order: Order): Promise<void> {
  await queueReceiptFor({ db: c.var.db, site: c.var.site, env: c.env }, order, publicOrigin(c));
}

/** The same outside a request (a renewal charged by the scheduled job): links go to `origin`. */
export async function queueReceiptFor(scope: MailScope, order: Order, origin: string): Promise<void> {
  if (!(await claimReceipt(scope.db, order.id))) return;
  try {
    await queueReceipt(scope, order, origin);
  } catch (error) {
    await releaseReceipt(scope.db, order.id);
    throw error;
  }
}

async function queueReceipt(scope: MailScope, order: Order, origin: string): Promise<void> {
  const member = await scope.db
    .selectFrom("members")
    .select(["id", "email", "name", "language", "timezone", "status"])
    .where("id", "=", order.member_id)
    .executeTakeFirst();
  if (!member?.email || member.status === "deleted") return;
  const link = new URL(`/transactions/${order.id}`, origin).href;
  const mail = renderReceiptMail(scope.site.settings, member, order, link);
  await queueMailFor(scope, {
    kind: "receipt",
    memberId: member.id,
    to: member.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
}
