/**
 * Pieces of the staff console's order pages (app/routes/staff/orders.tsx, order.tsx; ADR 048):
 * an order's status and what it bought, its facts, its history, the ledger rows it made, and
 * the refund and chargeback forms (plain posts: they work without JavaScript).
 */
import { Form } from "react-router";
import { StaffOrderActionSchema } from "~/lib/forms/staff-orders";
import type { FormReply } from "~/lib/forms/reply";
import { type Form as FormHook, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { formatMoney } from "../../../contract/money";
import { REASON_MAX, REASON_MIN } from "../../../contract/rules/staff";
import type { StaffOrderAnswer } from "../../../contract/staff-orders";
import type { MessageKey } from "../../../contract/translator";
import { OrderStatusBadge, orderWhat, type T } from "./OrderSummary";
import { errorProps, FieldError, FormAlert, When } from "./StaffParts";

/** The order's facts: what, how much (list price, discount, VAT), how paid, when. */
export function OrderFacts({ order, now }: { order: StaffOrderAnswer["order"]; now: number }) {
  const { t, locale } = useTranslation();
  const money = (cents: number) => formatMoney(locale, cents, order.currency);
  return (
    <dl className="staff-facts">
      <dt>{t("staffOrders.colStatus")}</dt>
      <dd>
        <OrderStatusBadge order={order} />
      </dd>
      <dt>{t("staffOrders.site")}</dt>
      <dd>{order.site_name}</dd>
      <dt>{t("staffOrders.colWhat")}</dt>
      <dd>
        {/* The package's credits, and a credits-bonus code's apart (docs/decisions/054). */}
        {orderWhat(t, { ...order, credits: order.credits - order.bonus_credits })}
        {order.product_id !== String(order.credits - order.bonus_credits) ? (
          <span className="staff-muted"> ({order.product_id})</span>
        ) : null}
        {order.bonus_credits > 0 ? (
          <span className="staff-muted"> {t("staffCodes.bonusCredits", { count: order.bonus_credits })}</span>
        ) : null}
      </dd>
      <dt>{t("staffOrders.colAmount")}</dt>
      <dd>
        {money(order.amount_cents)}
        <span className="staff-muted">
          {" "}
          {t("staffOrders.priceParts", {
            list: money(order.list_cents),
            discount: money(order.discount_cents),
            vat: money(order.vat_cents),
          })}
        </span>
      </dd>
      <dt>{t("staffOrders.colCode")}</dt>
      <dd>{[order.discount_code, order.bonus_code].filter((code) => code !== null).join(" · ") || "–"}</dd>
      <dt>{t("staffOrders.payment")}</dt>
      <dd>
        {order.method} · {order.country} · {order.provider}
        {order.provider_payment_id ? ` · ${order.provider_payment_id}` : ""}
      </dd>
      {order.charged_back_cents > 0 ? (
        <>
          <dt>{t("staffOrders.chargedBack")}</dt>
          <dd>{money(order.charged_back_cents)}</dd>
        </>
      ) : null}
      <dt>{t("staffOrders.createdAt")}</dt>
      <dd>
        <When at={order.created_at} now={now} />
      </dd>
      <dt>{t("staffOrders.paidAt")}</dt>
      <dd>{order.paid_at ? <When at={order.paid_at} now={now} /> : "–"}</dd>
    </dl>
  );
}

const KNOWN_EVENTS = new Set([
  "created",
  "payment_created",
  "provider_error",
  "webhook",
  "paid",
  "receipt",
  "failed",
  "canceled",
  "expired",
  "amount_mismatch",
  "withdrawn",
  "refunded_account_deleted",
  "refund_failed",
  "staff_refund",
  "refund_sent",
  "staff_chargeback",
]);

/** An order event's name as staff read it; "chargeback:<total>" is the provider's report. */
function eventName(t: T, event: string): string {
  if (event.startsWith("chargeback:")) return t("staffOrders.events.chargeback");
  return KNOWN_EVENTS.has(event) ? t(`staffOrders.events.${event}` as MessageKey) : event;
}

export function OrderHistory({ events, now }: { events: StaffOrderAnswer["events"]; now: number }) {
  const { t } = useTranslation();
  return (
    <ol className="staff-list order-events">
      {events.map((e, i) => (
        <li key={i}>
          <strong>{eventName(t, e.event)}</strong> <When at={e.at} now={now} />
          {e.detail ? <span className="staff-muted order-detail">{e.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

const LEDGER_REASONS = new Set(["purchase", "premium_bonus", "chargeback", "withdrawal", "refund"]);

export function OrderLedger({ rows, now }: { rows: StaffOrderAnswer["ledger"]; now: number }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="staff-muted">{t("staffOrders.ledgerEmpty")}</p>;
  return (
    <table className="staff-table">
      <thead>
        <tr>
          <th scope="col">{t("staffOrders.colCredits")}</th>
          <th scope="col">{t("staffOrders.colReason")}</th>
          <th scope="col">{t("staffOrders.colDate")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td className={row.amount < 0 ? "order-minus" : undefined}>{row.amount > 0 ? `+${row.amount}` : row.amount}</td>
            <td>{LEDGER_REASONS.has(row.reason) ? t(`staffOrders.ledgerReasons.${row.reason}` as MessageKey) : row.reason}</td>
            <td>
              <When at={row.created_at} now={now} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Refunds and chargebacks admins recorded: who, when, why, what went back. */
export function OrderAdjustments({ page, now }: { page: StaffOrderAnswer; now: number }) {
  const { t, locale } = useTranslation();
  return (
    <ul className="staff-list">
      {page.adjustments.map((a) => (
        <li key={a.kind}>
          <strong>{a.kind === "refund" ? t("staffOrders.refundDone") : t("staffOrders.chargebackDone")}</strong>{" "}
          {t("staffOrders.adjustmentLine", {
            amount: formatMoney(locale, a.amount_cents, page.order.currency),
            credits: a.credits_taken,
          })}
          {a.kind === "refund" ? <span> · {t(`staffOrders.refundStatus.${a.refund_status}`)}</span> : null}
          <br />
          <span className="staff-muted">
            {a.staff_name ?? "–"}, <When at={a.created_at} now={now} />
          </span>
          <p className="staff-text">{a.reason}</p>
        </li>
      ))}
      {page.withdrawal ? (
        <li>
          <strong>{t("staffOrders.withdrawal")}</strong>{" "}
          {t("staffOrders.adjustmentLine", {
            amount: formatMoney(locale, page.withdrawal.refund_cents, page.order.currency),
            credits: page.withdrawal.credits_returned,
          })}
          <br />
          <When at={page.withdrawal.requested_at} now={now} />
        </li>
      ) : null}
    </ul>
  );
}

function ReasonBox({ field, id }: { field: ReturnType<FormHook["field"]>; id: string }) {
  const { t } = useTranslation();
  return (
    <label>
      {t("staffOrders.reason")}
      <textarea
        name={field.name}
        required
        minLength={REASON_MIN}
        maxLength={REASON_MAX}
        defaultValue={field.initialValue ?? ""}
        {...errorProps(field)}
        aria-describedby={[`${id}-help`, field.errors ? field.errorId : null].filter(Boolean).join(" ")}
      />
      <span id={`${id}-help`} className="staff-help">
        {t("staffOrders.reasonHelp", { min: REASON_MIN, max: REASON_MAX })}
      </span>
      <FieldError id={field.errorId} error={field.errors?.[0]} />
    </label>
  );
}

/**
 * The refund or chargeback form: what it will do (money and credits), the reason, the button.
 * `reply`: this form's answer when it did not go through (what was typed, the errors).
 */
export function OrderActionForm({
  intent,
  page,
  reply,
  busy,
}: {
  intent: "refund" | "chargeback";
  page: StaffOrderAnswer;
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const { t, locale } = useTranslation();
  const form = useForm({ schema: StaffOrderActionSchema, lastResult: reply?.result });
  const reason = form.field("reason");
  const quote = intent === "refund" ? page.refund : page.chargeback;
  const formError = form.formErrors?.[0];
  const errorId = `${intent}-error`;
  // Refused because it was done meanwhile (the page now offers no form): the refusal still shows.
  if (!quote) return formError ? <FormAlert error={formError} id={errorId} /> : null;
  const amount = formatMoney(locale, quote.amount_cents, page.order.currency);
  const retry = intent === "refund" && page.refund?.retry === true;
  const after = page.member.balance - quote.credits;
  return (
    <section className="staff-panel" aria-labelledby={`${intent}-heading`}>
      <h2 id={`${intent}-heading`}>
        {retry
          ? t("staffOrders.retryHeading")
          : intent === "refund"
            ? t("staffOrders.refundHeading")
            : t("staffOrders.chargebackHeading")}
      </h2>
      <p>
        {retry
          ? t("staffOrders.retryHelp", { amount })
          : intent === "refund"
            ? t("staffOrders.refundHelp", { amount, credits: quote.credits, balance: after })
            : t("staffOrders.chargebackHelp", { amount, credits: quote.credits, balance: after })}
      </p>
      <Form method="post" className="staff-form" aria-describedby={formError ? errorId : undefined} {...form.props}>
        <FormAlert error={formError} id={errorId} />
        <input type="hidden" name="intent" value={intent} />
        {retry ? (
          <input type="hidden" name="reason" value={page.adjustments.find((a) => a.kind === "refund")?.reason ?? ""} />
        ) : (
          <ReasonBox field={reason} id={`${intent}-reason`} />
        )}
        <button type="submit" className={intent === "chargeback" ? "staff-button secondary" : undefined} disabled={busy}>
          {retry
            ? t("staffOrders.retryButton")
            : intent === "refund"
              ? t("staffOrders.refundButton", { amount })
              : t("staffOrders.chargebackButton")}
        </button>
      </Form>
    </section>
  );
}
