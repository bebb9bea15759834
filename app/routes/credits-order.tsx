import { Form, Link, useNavigation } from "react-router";
import { Consent } from "~/components/commerce/Consent";
import { useMethodName } from "~/components/commerce/MethodChoice";
import { ErrorList, translateError } from "~/components/Field";
import { createOrder, fetchPaymentMethods } from "~/lib/api/commerce.server";
import { loadDiscount, loadPricing, ORDER_REFUSALS, toCheckout } from "~/lib/shop.server";
import { ReservedNotes, useAppliedLabel, usePassedOverNote } from "~/components/commerce/OfferNotes";
import { countryName } from "~/lib/format";
import { formatMoney } from "../../contract/money";
import { OrderSchema } from "~/lib/forms/order";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import { safeRedirect } from "~/lib/redirect";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/credits-order";
import { parseForm } from "~/lib/forms/parse.server";

/**
 * /credits/:creditId/:paymentMethod? (login; docs/product.md §11): the order summary. It shows
 * the package, credits, price with its VAT, the method and the payment country; without a
 * method (or one the country does not offer) it shows the methods to pick from. Buying asks
 * for consent to immediate delivery (which ends the right of withdrawal for what is used) and
 * then sends the member to the provider's checkout. The form carries a key made for this page,
 * so a double click or a retry makes one order, and the price it showed, so a price that
 * changed meanwhile is refused rather than charged.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const [pricing, found] = await Promise.all([loadPricing(api, url), loadDiscount(api, url)]);
  // The package priced by the API with the best of the member's discounts (docs/product.md §10.5).
  const pkg = pricing.packages.find((p) => p.id === params.creditId);
  if (!pkg) return notFound(args);
  const methods = await fetchPaymentMethods(api, pricing.country, { package: pkg.id });
  const offered = methods.ok ? methods.data.methods : null;
  return {
    pkg,
    // Only a typed code the member may use goes along; the API applies the welcome offer or time bonus itself.
    typed: found.typed && !found.codeError ? found.typed : null,
    typedAsked: found.typed,
    codeError: found.codeError,
    reservedFor: found.reservedFor,
    country: pricing.country,
    reserved: pricing.reserved,
    methods: offered,
    method: offered?.find((m) => m.id === params.paymentMethod) ?? null,
    askedMethod: params.paymentMethod ?? null,
    returnTo: safeRedirect(url.searchParams.get("return_to"), "") || null,
    key: crypto.randomUUID(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), OrderSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const method = params.paymentMethod;
  if (!method || !params.creditId) return pageError(400);
  const { value } = submission;
  const result = await createOrder(context.get(apiContext), {
    product: "credits",
    product_id: params.creditId,
    method,
    country: value.country,
    key: value.key,
    expected_cents: Number(value.expected_cents),
    expected_currency: value.expected_currency,
    return_to: safeRedirect(value.return_to, "") || undefined,
    code: value.code || undefined,
  });
  if (!result.ok) return apiErrorReply(submission, result, { own: ORDER_REFUSALS });
  return toCheckout(result.data);
}

export default function CreditsOrder({ loaderData, actionData }: Route.ComponentProps) {
  const translation = useTranslation();
  const { t, locale } = translation;
  const site = useSite();
  const methodName = useMethodName();
  const { pkg, country, methods, method, askedMethod, returnTo, key, typed, codeError, reservedFor, reserved } = loaderData;
  const appliedLabel = useAppliedLabel();
  const passedOverNote = usePassedOverNote();
  const submitting = useNavigation().state !== "idle";
  const form = useForm({ schema: OrderSchema, lastResult: actionData?.result });
  const consent = form.field("consent");
  const { quote } = pkg;
  const money = (cents: number) => formatMoney(locale, cents, quote.currency);
  const query = new URLSearchParams({
    country,
    ...(returnTo ? { return_to: returnTo } : {}),
    ...(typed ? { code: typed } : {}),
  }).toString();

  return (
    <div className="narrow order">
      <title>{t("order.title")}</title>
      <h1>{t("order.heading")}</h1>
      <dl className="order-summary">
        <dt>{t("order.package")}</dt>
        <dd>{t("credits.credits", { count: pkg.credits })}</dd>
        {pkg.bonus && (
          <>
            <dt>{t("credits.bonus.label")}</dt>
            <dd className="order-bonus">{t("credits.bonus.line", { count: pkg.bonus.bonus_credits, code: pkg.bonus.code })}</dd>
          </>
        )}
        {quote.discount_cents > 0 && (
          <>
            <dt>{t("order.listPrice")}</dt>
            <dd>{money(quote.list_cents)}</dd>
            <dt>{t("order.discount")}</dt>
            <dd>
              −{money(quote.discount_cents)}
              {pkg.discount && <span className="order-code"> ({appliedLabel(pkg.discount)})</span>}
            </dd>
          </>
        )}
        <dt>{t("order.total")}</dt>
        <dd className="order-total">{money(quote.amount_cents)}</dd>
        <dt>{t("order.vat")}</dt>
        <dd>
          {quote.vat_rate > 0
            ? t("order.vatIncluded", { amount: money(quote.vat_cents), rate: quote.vat_rate })
            : t("order.noVat")}
        </dd>
        <dt>{t("order.country")}</dt>
        <dd>{countryName(locale, country)}</dd>
        {method && (
          <>
            <dt>{t("order.method")}</dt>
            <dd>
              {methodName(method)}{" "}
              <Link to={`/credits/${pkg.id}?${query}`} className="small-link">
                {t("order.changeMethod")}
              </Link>
            </dd>
          </>
        )}
      </dl>

      {(codeError || pkg.passed_over.length > 0) && (
        <div className="notice-box" role="status">
          {codeError && (
            <p>
              {translateError(translation, codeError)}{" "}
              {reservedFor && <Link to={`/transactions/${reservedFor}`}>{t("credits.offer.openOrder")}</Link>}
            </p>
          )}
          {pkg.passed_over.map((passed) => (
            <p key={passed.code}>{passedOverNote(passed, pkg.discount)}</p>
          ))}
        </div>
      )}
      <ReservedNotes reserved={reserved} skip={reservedFor ? (loaderData.typedAsked ?? null) : null} />
      {methods === null ? (
        <p className="notice-box" role="alert">
          {t("credits.methodsUnavailable")}{" "}
          <Link to={`/credits/${pkg.id}${askedMethod ? `/${askedMethod}` : ""}?${query}`}>{t("order.tryAgain")}</Link>
        </p>
      ) : !method ? (
        <section aria-labelledby="methods-heading">
          <h2 id="methods-heading">{t("credits.payWith")}</h2>
          {askedMethod && <p className="notice-box">{t("errors.payment_method_unavailable")}</p>}
          <ul className="method-links">
            {methods.map((m) => (
              <li key={m.id}>
                <Link className="method" to={`/credits/${pkg.id}/${m.id}?${query}`}>
                  {methodName(m)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Form method="post" {...form.props} className="stack">
          <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="country" value={country} />
          <input type="hidden" name="expected_cents" value={quote.amount_cents} />
          <input type="hidden" name="expected_currency" value={quote.currency} />
          {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
          {typed && <input type="hidden" name="code" value={typed} />}
          <Consent label={t("order.consent")} errors={consent.errors} />
          <p className="fine-print">
            {t("order.withdrawalInfo")} <Link to="/withdrawal">{t("footer.withdraw")}</Link>
          </p>
          {site && (
            <p className="fine-print">
              {t("order.fictional", { icon: site.fictionalIcon, plural: site.fictionalPlural, site: site.name })}
            </p>
          )}
          <button type="submit" className="button large" disabled={submitting} aria-busy={submitting}>
            {t("order.buy")}
          </button>
          <p className="fine-print">{t("order.nextStep")}</p>
        </Form>
      )}
      <p>
        <Link to={`/credits?${query}`}>{t("order.otherPackage")}</Link>
      </p>
    </div>
  );
}
