import type { PricingAnswer } from "../../../contract/schemas";
import { formatMoney } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";

export type PricedPackage = PricingAnswer["packages"][number];

/** A credit package as a card's content: credits, price (VAT included), price per credit, the "most chosen" badge. */
export function PackageCard({ pkg }: { pkg: PricedPackage }) {
  const { t, locale } = useTranslation();
  const { quote } = pkg;
  return (
    <>
      {pkg.highlight && <span className="package-badge">{t("credits.popular")}</span>}
      <span className="package-credits">{t("credits.credits", { count: pkg.credits })}</span>
      <span className="package-price">
        {quote.discount_cents > 0 && (
          <s className="package-list-price">{formatMoney(locale, quote.list_cents, quote.currency)}</s>
        )}{" "}
        {formatMoney(locale, quote.amount_cents, quote.currency)}
      </span>
      <span className="package-per-credit">
        {t("credits.perCredit", { price: formatMoney(locale, quote.amount_cents / pkg.credits, quote.currency) })}
      </span>
    </>
  );
}
