import { formatMoney } from "../../../contract/money";
import type { WithdrawalView } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { useUser } from "~/lib/root-data";
import { dateTimeFormat } from "~/lib/format";

/** "250 credits for €19.99, paid on 23 Nov 2026": one purchase in the member's words. */
export function usePurchaseLine() {
  const { t, locale } = useTranslation();
  const timeZone = useUser().timeZone;
  const date = (ms: number) => dateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(ms);
  return {
    date,
    line: (purchase: WithdrawalView) =>
      t("withdrawal.bought", {
        what:
          purchase.order.product === "premium"
            ? t("withdrawal.premium", { count: purchase.order.months })
            : t("credits.credits", { count: purchase.order.credits }),
        price: formatMoney(locale, purchase.order.amount_cents, purchase.order.currency),
        date: date(purchase.order.paid_at),
      }),
  };
}
