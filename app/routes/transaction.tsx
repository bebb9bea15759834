import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { fetchOrder } from "~/lib/api/commerce.server";
import { formatMoney } from "../../contract/money";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { apiFailurePage } from "~/lib/page-errors.server";
import type { Route } from "./+types/transaction";

/**
 * /transactions/:transactionId (public; docs/product.md §11): where the payment provider sends
 * the member back. Loading it asks the API, which asks the provider (reconcile), so the state
 * is current even when the webhook is late. While it is pending the page looks again by itself:
 * a meta refresh without JavaScript, a revalidation with it. Paid shows the new balance and
 * leads back to where the member was. Anyone but the buyer sees only the state.
 */
export async function loader(args: Route.LoaderArgs) {
  const result = await fetchOrder(args.context.get(apiContext), args.params.transactionId);
  if (!result.ok) return apiFailurePage(result, args);
  return { order: result.data.order };
}

/** "Try again" keeps the package, method, country, where the member was, and the code (docs/product.md §10.4). */
function tryAgainQuery(order: {
  country: string;
  return_to: string | null;
  discount_code: string | null;
  bonus_code: string | null;
}): string {
  // The typed code: a credits-bonus code (beside which the welcome offer may count), else the price's code.
  const code = order.bonus_code ?? order.discount_code;
  return new URLSearchParams({
    country: order.country,
    ...(order.return_to ? { return_to: order.return_to } : {}),
    ...(code ? { code } : {}),
  }).toString();
}

/** Seconds between looks while the provider has not settled the payment. */
const REFRESH_SECONDS = 3;

export default function Transaction({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { order } = loaderData;
  const pending = order.status === "pending";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [pending, revalidator]);

  const heading = t(`transaction.${order.status}.heading`);
  return (
    <div className="narrow transaction" data-status={order.status}>
      <title>{heading}</title>
      {/* Without JavaScript the page reloads itself until the payment is settled. */}
      {pending && (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      )}
      <div className={`transaction-icon ${order.status}`} aria-hidden="true" />
      <h1>{heading}</h1>
      <p className="lead" role="status">
        {order.mine && order.product === "premium" && order.status === "paid"
          ? t("transaction.premiumPaid")
          : t(`transaction.${order.status}.text`)}
      </p>
      {order.mine && (
        <>
          <dl className="order-summary">
            <dt>{t("order.package")}</dt>
            <dd>
              {order.product === "premium"
                ? t("premium.months", { count: order.months })
                : t("credits.credits", { count: order.credits - order.bonus_credits })}
            </dd>
            {order.bonus_credits > 0 && (
              <>
                <dt>{t("credits.bonus.label")}</dt>
                <dd>{t("credits.bonus.line", { count: order.bonus_credits, code: order.bonus_code ?? "" })}</dd>
              </>
            )}
            {order.quote.discount_cents > 0 && (
              <>
                <dt>{t("order.discount")}</dt>
                <dd>
                  −{formatMoney(locale, order.quote.discount_cents, order.quote.currency)}
                  {order.discount_code && <span className="order-code"> ({order.discount_code})</span>}
                </dd>
              </>
            )}
            <dt>{t("order.total")}</dt>
            <dd>{formatMoney(locale, order.quote.amount_cents, order.quote.currency)}</dd>
            <dt>{t("transaction.reference")}</dt>
            <dd className="reference">{order.id}</dd>
          </dl>
          {order.status === "paid" && (
            <p className="balance-pill" data-testid="balance">
              {t("credits.balance", { count: order.balance })}
            </p>
          )}
          <p className="step-buttons">
            {order.status === "paid" ? (
              order.product === "premium" ? (
                <Link className="button large" to="/premium">
                  {t("transaction.toPremium")}
                </Link>
              ) : (
                <Link className="button large" to={order.return_to ?? "/chats"}>
                  {order.return_to ? t("transaction.continue") : t("transaction.toChats")}
                </Link>
              )
            ) : order.status === "withdrawn" || order.status === "refunded" ? null : pending ? (
              order.checkout_url && (
                <a className="button secondary" href={order.checkout_url}>
                  {t("transaction.backToPayment")}
                </a>
              )
            ) : (
              <Link
                className="button large"
                to={
                  order.product === "premium"
                    ? `/premium?plan=${order.product_id}&method=${order.method}&country=${order.country}#summary`
                    : `/credits/${order.product_id}/${order.method}?${tryAgainQuery(order)}`
                }
              >
                {t("transaction.tryAgain")}
              </Link>
            )}
          </p>
        </>
      )}
    </div>
  );
}
