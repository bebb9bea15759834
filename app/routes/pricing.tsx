import { Link } from "react-router";
import { MessageCost } from "~/components/commerce/MessageCost";
import { PackageCard } from "~/components/commerce/PackageCard";
import { PaymentCountry } from "~/components/commerce/PaymentCountry";
import { formatMoney } from "../../contract/money";
import { loadPricing } from "~/lib/shop.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { useOptionalUser, useSite } from "~/lib/root-data";
import type { Route } from "./+types/pricing";

/**
 * /pricing (public; docs/product.md §11): what is free, what a message costs in the visitor's
 * country, the credit packages with their prices (VAT included), and the fictional-profile
 * disclosure, so nobody buys without knowing it. Members go on to the order summary, visitors
 * to sign-up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { pricing: await loadPricing(context.get(apiContext), new URL(request.url)) };
}

export function headers() {
  // Prices depend on the visitor's country and session: never shared between visitors.
  return { "Cache-Control": "private, max-age=0" };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const user = useOptionalUser();
  const site = useSite();
  const { pricing } = loaderData;
  return (
    <div className="shop">
      <title>{t("pricing.title", { site: site?.name ?? "" })}</title>
      <meta name="description" content={t("pricing.description", { site: site?.name ?? "" })} />
      <header className="shop-head">
        <h1>{t("pricing.heading")}</h1>
        <p className="lead">{t("pricing.lead")}</p>
      </header>
      <ul className="pricing-facts">
        <li>{t("pricing.free")}</li>
        <li>
          <MessageCost pricing={pricing} />
        </li>
        <li>{t("pricing.noSubscription")}</li>
      </ul>

      <PaymentCountry country={pricing.country} countries={pricing.countries} returnTo={null} />

      <h2>{t("pricing.packages")}</h2>
      {pricing.packages.length === 0 && <p className="notice-box">{t("credits.nothingForSale")}</p>}
      <ul className="package-grid">
        {pricing.packages.map((pkg) => (
          <li key={pkg.id} className={pkg.highlight ? "package highlight" : "package"}>
            <PackageCard pkg={pkg} strikeThrough={pricing.strike_through} />
            <Link
              className={pkg.highlight ? "button" : "button secondary"}
              to={user ? `/credits/${pkg.id}?country=${pricing.country}` : "/signup"}
              aria-label={t(user ? "pricing.buyLabel" : "pricing.signupLabel", { count: pkg.credits })}
            >
              {user ? t("pricing.buy") : t("pricing.signup")}
            </Link>
          </li>
        ))}
      </ul>
      <p className="fine-print">
        {pricing.vat_rate > 0 ? t("credits.vatIncluded", { rate: pricing.vat_rate }) : t("credits.noVat")}
      </p>

      {pricing.premium_plans.length > 0 && (
        <section aria-labelledby="premium-heading">
          <h2 id="premium-heading">{t("premium.heading")}</h2>
          <p>{t("premium.lead")}</p>
          <ul className="package-grid">
            {pricing.premium_plans.map((plan) => (
              <li key={plan.id} className="package">
                <span className="package-credits">{t("premium.months", { count: plan.months })}</span>
                <span className="package-price">{formatMoney(locale, plan.quote.amount_cents, plan.quote.currency)}</span>
                {plan.bonus_credits > 0 && (
                  <span className="package-saving">{t("premium.bonus", { count: plan.bonus_credits })}</span>
                )}
                <span className="package-per-credit">{t("premium.renewsUntilCancelled")}</span>
              </li>
            ))}
          </ul>
          <p>
            <Link to={user ? "/premium" : "/signup"}>{user ? t("pricing.seePremium") : t("pricing.signup")}</Link>
          </p>
        </section>
      )}

      {site && (
        <section className="notice-box" aria-labelledby="fictional-heading">
          <h2 id="fictional-heading">{t("pricing.fictionalHeading")}</h2>
          <p>{t("order.fictional", { icon: site.fictionalIcon, plural: site.fictionalPlural, site: site.name })}</p>
        </section>
      )}
      <p className="fine-print">
        {t("pricing.withdrawal")} <Link to="/pages/terms">{t("pricing.terms")}</Link>
      </p>
    </div>
  );
}
