import { Form, Link, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../contract/money";
import type { PricingAnswer } from "../../contract/schemas";
import { Consent } from "~/components/commerce/Consent";
import { MethodChoice, useMethodName } from "~/components/commerce/MethodChoice";
import { ErrorList } from "~/components/Field";
import { createOrder, fetchPaymentMethods, fetchPremium } from "~/lib/api/commerce.server";
import { OrderSchema } from "~/lib/forms/order";
import { formErrorsOf } from "~/lib/forms/reply";
import { apiErrorReply, formErrors, formReply } from "~/lib/forms/reply.server";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { useUser } from "~/lib/root-data";
import { loadPricing, ORDER_REFUSALS, toCheckout } from "~/lib/shop.server";
import type { Route } from "./+types/premium";
import { parseForm } from "~/lib/forms/parse.server";
import { dateTimeFormat } from "~/lib/format";

/**
 * /premium (login; docs/product.md §11.8): what premium gives, and either the member's running
 * membership (until when, whether and when it renews, the way to cancel) or the plans. Choosing
 * a plan and a method (a post, so it works without JavaScript) shows the summary on this page
 * (?plan=&method=): price, renewal terms, the consent, and "Subscribe, payment due"; then the
 * provider's checkout, as for credits.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const [pricing, state] = await Promise.all([loadPricing(api, url), fetchPremium(api)]);
  if (!state.ok) pageError(state.status);
  const plans = pricing.premium_plans;
  const chosen = plans.find((p) => p.id === url.searchParams.get("plan")) ?? null;
  const forMethods = chosen ?? plans[0];
  const methods =
    forMethods && !state.data.premium ? await fetchPaymentMethods(api, pricing.country, { plan: forMethods.id }) : null;
  const offered = methods?.ok ? methods.data.methods : null;
  const method = offered?.find((m) => m.id === url.searchParams.get("method")) ?? null;
  return {
    premium: state.data.premium,
    renewalFailedAt: state.data.renewal_failed_at,
    plans,
    country: pricing.country,
    vatRate: pricing.vat_rate,
    methods: offered,
    // The summary shows once a plan and an offered method are chosen.
    summary: chosen && method ? { plan: chosen, method } : null,
    key: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const plan = String(formData.get("plan") ?? "");
  const method = String(formData.get("method") ?? "");
  const country = String(formData.get("country") ?? "");
  if (!/^[a-z0-9-]{1,32}$/.test(plan) || !/^[a-z0-9_]{1,32}$/.test(method) || !/^[A-Z]{2}$/.test(country)) {
    return formReply(formErrors("premium.choosePlan"), 400);
  }
  if (formData.get("intent") !== "subscribe") {
    throw redirect(`/premium?${new URLSearchParams({ plan, method, country })}#summary`);
  }
  const submission = parseForm(formData, OrderSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const result = await createOrder(context.get(apiContext), {
    product: "premium",
    product_id: plan,
    method,
    country,
    key: submission.value.key,
    expected_cents: Number(submission.value.expected_cents),
    expected_currency: submission.value.expected_currency,
    return_to: "/premium",
  });
  if (!result.ok) return apiErrorReply(submission, result, { own: ORDER_REFUSALS });
  return toCheckout(result.data);
}

type Plan = PricingAnswer["premium_plans"][number];

export default function Premium({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const user = useUser();
  const { premium, renewalFailedAt, plans, methods, summary, country, vatRate, key } = loaderData;
  const busy = useNavigation().state !== "idle";
  const form = useForm({ schema: OrderSchema, lastResult: actionData?.result });
  const consent = form.field("consent");
  const date = (ms: number) => dateTimeFormat(locale, { dateStyle: "long", timeZone: user.timeZone }).format(ms);
  const price = (plan: Plan) => formatMoney(locale, plan.quote.amount_cents, plan.quote.currency);
  const current = premium ? plans.find((p) => p.id === premium.plan_id) : undefined;
  const methodName = useMethodName();

  return (
    <div className="shop">
      <title>{t("premium.title")}</title>
      <header className="shop-head">
        <h1>{t("premium.heading")}</h1>
        <p className="lead">{t("premium.lead")}</p>
      </header>
      <ul className="pricing-facts premium-advantages">
        <li>{t("premium.advantageBonus")}</li>
        <li>{t("premium.advantageBadge")}</li>
        <li>{t("premium.advantageCancel")}</li>
      </ul>

      {renewalFailedAt !== null && !premium?.renews && (
        <p className="notice-box" role="alert">
          {t("premium.renewalFailed")}
        </p>
      )}

      {premium ? (
        <section className="premium-state" aria-labelledby="premium-state-heading">
          <h2 id="premium-state-heading">{t("premium.active", { date: date(premium.until) })}</h2>
          <p>
            {premium.renews
              ? t("premium.renews", {
                  date: date(premium.until),
                  price: current ? price(current) : "",
                  count: premium.months,
                })
              : t("premium.ends", { date: date(premium.until) })}
          </p>
          {premium.renews && (
            <p>
              <Link to="/premium/cancel" className="button secondary">
                {t("premium.cancel")}
              </Link>
            </p>
          )}
        </section>
      ) : plans.length === 0 ? (
        <p className="notice-box">{t("premium.nothingForSale")}</p>
      ) : (
        <Form method="post" className="stack" action="/premium">
          <ErrorList errors={summary ? undefined : formErrorsOf(actionData)} />
          <fieldset className="package-choice">
            <legend>{t("premium.choose")}</legend>
            <div className="package-grid">
              {plans.map((plan, i) => (
                <label key={plan.id} className={i === plans.length - 1 ? "package highlight" : "package"}>
                  <input
                    type="radio"
                    name="plan"
                    value={plan.id}
                    defaultChecked={(summary?.plan.id ?? plans[0]?.id) === plan.id}
                  />
                  <span className="package-credits">{t("premium.months", { count: plan.months })}</span>
                  <span className="package-price">{price(plan)}</span>
                  {plan.bonus_credits > 0 && (
                    <span className="package-saving">{t("premium.bonus", { count: plan.bonus_credits })}</span>
                  )}
                  <span className="package-per-credit">
                    {t("premium.perMonth", {
                      price: formatMoney(locale, Math.round(plan.quote.amount_cents / plan.months), plan.quote.currency),
                    })}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <MethodChoice methods={methods} checked={summary?.method.id} />
          <input type="hidden" name="country" value={country} />
          <button type="submit" name="intent" value="choose" className="button large secondary" disabled={busy}>
            {t("credits.continue")}
          </button>
          <p className="fine-print">{vatRate > 0 ? t("credits.vatIncluded", { rate: vatRate }) : t("credits.noVat")}</p>
        </Form>
      )}

      {summary && !premium && (
        <section id="summary" className="narrow order" aria-labelledby="summary-heading">
          <h2 id="summary-heading">{t("order.heading")}</h2>
          <dl className="order-summary">
            <dt>{t("order.package")}</dt>
            <dd>{t("premium.months", { count: summary.plan.months })}</dd>
            <dt>{t("order.total")}</dt>
            <dd className="order-total">{price(summary.plan)}</dd>
            <dt>{t("order.vat")}</dt>
            <dd>
              {summary.plan.quote.vat_rate > 0
                ? t("order.vatIncluded", {
                    amount: formatMoney(locale, summary.plan.quote.vat_cents, summary.plan.quote.currency),
                    rate: summary.plan.quote.vat_rate,
                  })
                : t("order.noVat")}
            </dd>
            <dt>{t("order.method")}</dt>
            <dd>{methodName(summary.method)}</dd>
          </dl>
          <p>{t("premium.renewalTerms", { count: summary.plan.months, price: price(summary.plan) })}</p>
          <Form method="post" action="/premium" {...form.props} className="stack">
            <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
            <input type="hidden" name="intent" value="subscribe" />
            <input type="hidden" name="plan" value={summary.plan.id} />
            <input type="hidden" name="method" value={summary.method.id} />
            <input type="hidden" name="country" value={country} />
            <input type="hidden" name="key" value={key} />
            <input type="hidden" name="expected_cents" value={summary.plan.quote.amount_cents} />
            <input type="hidden" name="expected_currency" value={summary.plan.quote.currency} />
            <Consent label={t("premium.consent")} errors={consent.errors} />
            <button type="submit" className="button large" disabled={busy} aria-busy={busy}>
              {t("premium.subscribe")}
            </button>
            <p className="fine-print">{t("order.nextStep")}</p>
          </Form>
        </section>
      )}
    </div>
  );
}
