/**
 * An order in a line (app/routes/staff/orders.tsx and order.tsx; ADR 048): what it bought and its
 * status. Kept apart from OrderParts so the list page carries no form code.
 */
import { useTranslation } from "~/lib/i18n-react";
import type { StaffOrderRow } from "../../../contract/staff-orders";
import type { MessageKey } from "../../../contract/translator";

export type T = (key: MessageKey, values?: Record<string, string | number>) => string;

/** What the order bought: a package's credits, or a premium plan (and its bonus credits). */
export function orderWhat(t: T, order: Pick<StaffOrderRow, "product" | "credits" | "months">): string {
  if (order.product === "credits") return t("staffOrders.credits", { credits: order.credits });
  return order.credits > 0
    ? t("staffOrders.premiumBonus", { months: order.months, credits: order.credits })
    : t("staffOrders.premium", { months: order.months });
}

export function OrderStatusBadge({ order }: { order: Pick<StaffOrderRow, "status" | "charged_back_cents"> }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`staff-badge order-status-${order.status}`}>{t(`staffOrders.status.${order.status}`)}</span>
      {order.charged_back_cents > 0 ? (
        <span className="staff-badge order-status-chargeback">{t("staffOrders.chargedBack")}</span>
      ) : null}
    </>
  );
}
