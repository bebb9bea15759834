import type { PricingAnswer } from "../../../contract/schemas";
import { formatMoney } from "../../../contract/money";
import { useTranslation } from "~/lib/i18n-react";

/** "A message costs 10 credits (about €0.67)": the money part only when the site sells credits. */
export function MessageCost({ pricing }: { pricing: Pick<PricingAnswer, "message" | "currency"> }) {
  const { t, locale } = useTranslation();
  const { credits, approx_cents: cents } = pricing.message;
  return cents === null
    ? t("credits.messageCostCredits", { count: credits })
    : t("credits.messageCost", { count: credits, price: formatMoney(locale, cents, pricing.currency) });
}
