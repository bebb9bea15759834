import { Form, Link, redirect, useNavigation } from "react-router";
import { MessageCost } from "~/components/commerce/MessageCost";
import { MethodChoice } from "~/components/commerce/MethodChoice";
import { PackageCard } from "~/components/commerce/PackageCard";
import { PaymentCountry } from "~/components/commerce/PaymentCountry";
import { fetchPaymentMethods } from "~/lib/api/commerce.server";
import { loadDiscount, loadPricing } from "~/lib/shop.server";
import { OfferNotes, ReservedNotes } from "~/components/commerce/OfferNotes";
import { ErrorList } from "~/components/Field";
import { DiscountBanner } from "~/components/commerce/DiscountBanner";
import { formErrorsOf } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { safeRedirect } from "~/lib/redirect";
import { useUser } from "~/lib/root-data";
import { PremiumTeaser } from "~/components/commerce/PremiumTeaser";
import type { Route } from "./+types/credits";

/**
 * /credits (login; docs/product.md §11): the member's balance, the site's packages priced for
 * the payment country, and that country's payment methods. Choosing posts here and leads to
 * the order summary (/credits/:creditId/:paymentMethod), so it works without JavaScript.
 * `return_to` (a path on this site, e.g. the chat that ran out) is carried through the order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const [pricing, discount] = await Promise.all([loadPricing(api, url), loadDiscount(api, url)]);
  const featured = pricing.packages.find((p) => p.highlight) ?? pricing.packages[0];
  const methods = featured ? await fetchPaymentMethods(api, pricing.country, { package: featured.id }) : null;
  return {
    // Each package's price has the best of the member's discounts off, as the API chose it.
    pricing,
    ...discount,
    methods: methods?.ok ? methods.data.methods : null,
    returnTo: safeRedirect(url.searchParams.get("return_to"), "") || null,
  };
}

const ID = /^[a-z0-9_-]{1,32}$/;

/** The choice as a summary address: /credits/250/ideal?country=NL&return_to=… */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const pkg = String(form.get("package") ?? "");
  const method = String(form.get("method") ?? "");
  const country = String(form.get("country") ?? "");
  if (!ID.test(pkg)) return formReply(formErrors("credits.choosePackage"), 400);
  const query = new URLSearchParams();
  if (/^[A-Z]{2}$/.test(country)) query.set("country", country);
  const returnTo = safeRedirect(form.get("return_to"), "");
  if (returnTo) query.set("return_to", returnTo);
  const code = String(form.get("code") ?? "");
  if (/^[A-Za-z0-9_-]{1,40}$/.test(code)) query.set("code", code);
  const path = ID.test(method) ? `/credits/${pkg}/${method}` : `/credits/${pkg}`;
  throw redirect(`${path}?${query}`);
}

export default function Credits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const user = useUser();
  const { pricing, methods, returnTo, discount, typed, codeError, reservedFor } = loaderData;
  // Only a typed code the member may use goes along; the welcome offer or time bonus the API applies by itself.
  const carried = typed && !codeError ? typed : null;
  const busy = useNavigation().state !== "idle";
  const featured = pricing.packages.find((p) => p.highlight) ?? pricing.packages[0];
  const errors = formErrorsOf(actionData);
  const keep = new URLSearchParams({ country: pricing.country, ...(returnTo ? { return_to: returnTo } : {}) });
  return (
    <div className="shop">
      <title>{t("credits.title")}</title>
      <header className="shop-head">
        <h1>{t("credits.heading")}</h1>
        <p className="balance-pill" data-testid="balance">
          {t("credits.balance", { count: user.credits })}
        </p>
        <p className="lead">
          <MessageCost pricing={pricing} />
        </p>
      </header>

      <PaymentCountry country={pricing.country} countries={pricing.countries} returnTo={returnTo} discountCode={typed} />
      {discount && <DiscountBanner discount={discount} removeTo={typed ? `/credits?${keep}` : null} />}
      <ReservedNotes reserved={pricing.reserved} skip={reservedFor ? typed : null} />

      {pricing.packages.length === 0 ? (
        <p className="notice-box">{t("credits.nothingForSale")}</p>
      ) : (
        <Form method="post" className="stack">
          {errors && errors.length > 0 && (
            <p className="error-list" role="alert">
              {t("credits.choosePackage")}
            </p>
          )}
          <fieldset className="package-choice">
            <legend>{t("credits.choose")}</legend>
            <div className="package-grid">
              {pricing.packages.map((pkg) => (
                <label key={pkg.id} className={pkg.highlight ? "package highlight" : "package"}>
                  <input type="radio" name="package" value={pkg.id} defaultChecked={pkg.id === featured?.id} />
                  <PackageCard pkg={pkg} strikeThrough={pricing.strike_through} />
                  <OfferNotes pkg={pkg} />
                </label>
              ))}
            </div>
          </fieldset>

          <MethodChoice methods={methods} />

          <input type="hidden" name="country" value={pricing.country} />
          {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
          {carried && <input type="hidden" name="code" value={carried} />}
          <button type="submit" className="button large" disabled={busy}>
            {t("credits.continue")}
          </button>
          <p className="fine-print">
            {pricing.vat_rate > 0 ? t("credits.vatIncluded", { rate: pricing.vat_rate }) : t("credits.noVat")}{" "}
            <Link to="/pricing">{t("credits.allPrices")}</Link>
          </p>
        </Form>
      )}

      <Form method="get" className="code-form">
        <input type="hidden" name="country" value={pricing.country} />
        {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
        <label htmlFor="discount-code">{t("credits.codeLabel")}</label>
        <div className="code-row">
          <input
            id="discount-code"
            name="code"
            defaultValue={typed ?? ""}
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? "discount-code-errors" : undefined}
          />
          <button type="submit" className="button secondary">
            {t("credits.applyCode")}
          </button>
        </div>
        <ErrorList id="discount-code-errors" errors={codeError ? [codeError] : undefined} />
        {reservedFor && (
          <p>
            <Link to={`/transactions/${reservedFor}`}>{t("credits.offer.openOrder")}</Link>
          </p>
        )}
      </Form>
      {/* After the purchase, not competing with it: what premium gives (issue 29 point 21). */}
      <PremiumTeaser />
      {returnTo && (
        <p>
          <Link to={returnTo}>{t("credits.back")}</Link>
        </p>
      )}
    </div>
  );
}
