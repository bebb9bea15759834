import { Form, Link, redirect, useNavigation } from "react-router";
import { MessageCost } from "~/components/commerce/MessageCost";
import { PackageCard } from "~/components/commerce/PackageCard";
import { PaymentCountry } from "~/components/commerce/PaymentCountry";
import { fetchPaymentMethods, fetchPricing } from "~/lib/api/commerce.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { pageError } from "~/lib/page-errors.server";
import { safeRedirect } from "~/lib/redirect";
import { useUser } from "~/lib/root-data";
import type { Route } from "./+types/credits";

/**
 * /credits (login; docs/product.md §10): the member's balance, the site's packages priced for
 * the payment country, and that country's payment methods. Choosing posts here and leads to
 * the order summary (/credits/:creditId/:paymentMethod), so it works without JavaScript.
 * `return_to` (a path on this site, e.g. the chat that ran out) is carried through the order.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get("country") ?? "";
  let pricing = await fetchPricing(api, /^[A-Z]{2}$/.test(asked) ? asked : undefined);
  // A country the site does not sell in (an old link): the member's own instead.
  if (!pricing.ok && pricing.status === 422) pricing = await fetchPricing(api);
  if (!pricing.ok) pageError(pricing.status);
  const featured = pricing.data.packages.find((p) => p.highlight) ?? pricing.data.packages[0];
  const methods = featured ? await fetchPaymentMethods(api, pricing.data.country, featured.id) : null;
  return {
    pricing: pricing.data,
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
  const path = ID.test(method) ? `/credits/${pkg}/${method}` : `/credits/${pkg}`;
  throw redirect(`${path}?${query}`);
}

export default function Credits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const user = useUser();
  const { pricing, methods, returnTo } = loaderData;
  const busy = useNavigation().state !== "idle";
  const featured = pricing.packages.find((p) => p.highlight) ?? pricing.packages[0];
  const errors = formErrorsOf(actionData);
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

      <PaymentCountry country={pricing.country} countries={pricing.countries} returnTo={returnTo} />

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
                  <PackageCard pkg={pkg} />
                </label>
              ))}
            </div>
          </fieldset>

          {methods ? (
            <fieldset className="method-choice">
              <legend>{t("credits.payWith")}</legend>
              <div className="method-grid">
                {methods.map((method, i) => (
                  <label key={method.id} className="method">
                    <input type="radio" name="method" value={method.id} defaultChecked={i === 0} />
                    <span>{method.id === "creditcard" ? t("credits.card") : method.description}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="notice-box" role="status">
              {t("credits.methodsUnavailable")}
            </p>
          )}

          <input type="hidden" name="country" value={pricing.country} />
          {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
          <button type="submit" className="button large" disabled={busy}>
            {t("credits.continue")}
          </button>
          <p className="fine-print">
            {pricing.vat_rate > 0 ? t("credits.vatIncluded", { rate: pricing.vat_rate }) : t("credits.noVat")}{" "}
            <Link to="/pricing">{t("credits.allPrices")}</Link>
          </p>
        </Form>
      )}
      {returnTo && (
        <p>
          <Link to={returnTo}>{t("credits.back")}</Link>
        </p>
      )}
    </div>
  );
}
