import { Form, Link, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../contract/money";
import { fetchWithdrawal, withdrawFromOrder } from "~/lib/api/commerce.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { apiErrorMessage, formErrors, formReply } from "~/lib/forms/reply.server";
import { ErrorList } from "~/components/Field";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { apiFailurePage } from "~/lib/page-errors.server";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/withdrawal";
import { usePurchaseLine } from "~/components/commerce/usePurchaseLine";

/**
 * /withdrawal/:orderId (login; docs/product.md §11.7): the confirmation step of the withdrawal
 * function: what was bought, the credits used (paid for) and unused (they go back), the refund,
 * and one "Confirm withdrawal" button. Afterwards the same address shows that it was received
 * and how far the refund is; the acknowledgement goes by mail.
 */
export async function loader(args: Route.LoaderArgs) {
  const result = await fetchWithdrawal(args.context.get(apiContext), args.params.orderId);
  if (!result.ok) return apiFailurePage(result, args);
  return { purchase: result.data.purchase };
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await withdrawFromOrder(context.get(apiContext), params.orderId);
  if (!result.ok) {
    const message = apiErrorMessage(result.error, ["not_withdrawable", "withdrawal_period_over", "order_not_found"]);
    return formReply(formErrors(message), result.status);
  }
  throw redirect(`/withdrawal/${params.orderId}`);
}

export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const site = useSite();
  const { line, date } = usePurchaseLine();
  const { purchase } = loaderData;
  const submitting = useNavigation().state !== "idle";
  const refund = formatMoney(locale, purchase.refund_cents, purchase.order.currency);
  const used = purchase.order.credits - purchase.unused_credits;
  const premium = purchase.order.product === "premium";
  const summary = (
    <dl className="order-summary">
      <dt>{t(premium ? "withdrawal.unusedBonus" : "withdrawal.unused")}</dt>
      <dd>{t("credits.credits", { count: purchase.unused_credits })}</dd>
      {!premium && (
        <>
          <dt>{t("withdrawal.used")}</dt>
          <dd>{t("credits.credits", { count: used })}</dd>
        </>
      )}
      <dt>{t("withdrawal.refund")}</dt>
      <dd className="order-total">{refund}</dd>
    </dl>
  );
  if (purchase.withdrawn) {
    return (
      <div className="narrow transaction">
        <title>{t("withdrawal.doneHeading")}</title>
        <div className="transaction-icon paid" aria-hidden="true" />
        <h1>{t("withdrawal.doneHeading")}</h1>
        <p className="lead" role="status">
          {t("withdrawal.done", { date: date(purchase.withdrawn.requested_at) })}
        </p>
        <p>{line(purchase)}</p>
        {summary}
        <p>{t(`withdrawal.refundStatus.${purchase.withdrawn.refund_status}`, { refund, support: site?.supportEmail ?? "" })}</p>
        <p>
          <Link to="/withdrawal">{t("withdrawal.back")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow order">
      <title>{t("withdrawal.confirmHeading")}</title>
      <h1>{t("withdrawal.confirmHeading")}</h1>
      <p className="lead">{line(purchase)}</p>
      {summary}
      <p className="fine-print">{t(premium ? "withdrawal.premiumExplained" : "withdrawal.refundExplained")}</p>
      <p className="fine-print">{t("withdrawal.until", { date: date(purchase.until) })}</p>
      <Form method="post" className="stack">
        <ErrorList errors={formErrorsOf(actionData)} />
        <button type="submit" className="button large danger" disabled={submitting} aria-busy={submitting}>
          {t("withdrawal.confirm")}
        </button>
      </Form>
      <p>
        <Link to="/withdrawal">{t("withdrawal.back")}</Link>
      </p>
    </div>
  );
}
