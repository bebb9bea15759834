import { Link } from "react-router";
import { usePurchaseLine } from "~/components/commerce/usePurchaseLine";
import { fetchWithdrawals } from "~/lib/api/commerce.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/withdrawals";

/**
 * /withdrawal (login; docs/product.md §11.7): the "withdraw from contract here" function of the
 * Consumer Rights Directive (art. 11a), reachable from every page's footer. It lists the
 * member's purchases of the last 14 days; each leads to its confirmation page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await fetchWithdrawals(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { purchases: result.data.purchases };
}

export default function Withdrawals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { line, date } = usePurchaseLine();
  return (
    <div className="narrow">
      <title>{t("withdrawal.title")}</title>
      <h1>{t("withdrawal.heading")}</h1>
      <p className="lead">{t("withdrawal.lead")}</p>
      {loaderData.purchases.length === 0 ? (
        <p className="notice-box">{t("withdrawal.none")}</p>
      ) : (
        <ul className="purchase-list">
          {loaderData.purchases.map((purchase) => (
            <li key={purchase.order.id} className="purchase">
              <p className="purchase-what">{line(purchase)}</p>
              {purchase.withdrawn ? (
                <p className="muted">{t("withdrawal.withdrawn", { date: date(purchase.withdrawn.requested_at) })}</p>
              ) : (
                <>
                  <p className="muted">{t("withdrawal.until", { date: date(purchase.until) })}</p>
                  <Link className="button secondary" to={`/withdrawal/${purchase.order.id}`}>
                    {t("withdrawal.withdrawHere")}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
