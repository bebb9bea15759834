import type { PricingAnswer } from "../../../contract/schemas";
import { formatMoney } from "../../../contract/money";
import { useTranslation } from "~/lib/i18n-react";

export type PricedPackage = PricingAnswer["packages"][number];

/**
 * A credit package as a card's content: credits, price (VAT included), price per credit, the
 * "most chosen" badge. A discounted price shows the old one struck through only where that is
 * lawful (`strikeThrough`: it held for 30 days); otherwise the saving is a line of its own.
 */
export function PackageCard({ pkg, strikeThrough }: { pkg: PricedPackage; strikeThrough: boolean }) {
  const { t, locale } = useTranslation();
  const { quote } = pkg;
  const money = (cents: number) => formatMoney(locale, cents, quote.currency);
  const reduced = quote.discount_cents > 0;
  return (
    <>
      {pkg.highlight && <span className="package-badge">{t("credits.popular")}</span>}
      <span className="package-credits">{t("credits.credits", { count: pkg.credits })}</span>
      <span className="package-price">
        {reduced && strikeThrough && (
          <>
            <s className="package-list-price">
              <span className="visually-hidden">{t("credits.insteadOf")} </span>
              {money(quote.list_cents)}
            </s>{" "}
          </>
        )}
        {money(quote.amount_cents)}
      </span>
      {reduced && !strikeThrough && (
        <span className="package-saving">{t("credits.saving", { amount: money(quote.discount_cents) })}</span>
      )}
      <span className="package-per-credit">{t("credits.perCredit", { price: money(quote.amount_cents / pkg.credits) })}</span>
    </>
  );
}
