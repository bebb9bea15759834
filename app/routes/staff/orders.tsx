import { Form, Link, redirect } from "react-router";
import { OrderStatusBadge, orderWhat } from "~/components/staff/OrderSummary";
import { FieldError, PageHeading, When } from "~/components/staff/StaffParts";
import { staffOrders } from "~/lib/api/staff-orders.server";
import { apiContext } from "~/lib/context";
import { parseForm } from "~/lib/forms/parse.server";
import { StaffOrderSearchSchema } from "~/lib/forms/staff-orders";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import { formatMoney } from "../../../contract/money";
import commerceCss from "~/staff-commerce.css?url";
import type { Route } from "./+types/orders";

/** Orders and codes have styles of their own, a file only their pages load. */
export function links() {
  return [{ rel: "stylesheet", href: commerceCss }];
}

/**
 * /staff/orders: find an order by its reference, or a member's orders by their id or address
 * (docs/product.md §16.3, ADR 048); nothing typed lists the newest. At most the API's limit are
 * listed, newest first, and the page says so. Admins only; a plain GET form, so it works without
 * JavaScript and the search is in the address (a link to it can be shared among admins).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const params = new URL(request.url).searchParams;
  const typed = params.get("q") ?? "";
  const submission = parseForm(params, StaffOrderSearchSchema);
  if (submission.status !== "success") return { q: typed, error: submission.error?.q?.[0], found: null, now: Date.now() };
  const result = await staffOrders(context.get(apiContext), submission.value.q);
  if (!result.ok) {
    if (result.status === 422) return { q: typed, error: "staffOrders.searchInvalid", found: null, now: Date.now() };
    pageError(result.status);
  }
  return { q: submission.value.q, error: undefined, found: result.data, now: Date.now() };
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { q, error, found, now } = loaderData;
  return (
    <>
      <PageHeading heading={t("staffOrders.heading")} />
      <Form method="get" className="staff-form order-search" role="search">
        <label>
          {t("staffOrders.searchLabel")}
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={254}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "order-search-error" : "order-search-help"}
          />
          <span id="order-search-help" className="staff-help">
            {t("staffOrders.searchHelp")}
          </span>
          <FieldError id="order-search-error" error={error} />
        </label>
        <button type="submit">{t("staffOrders.find")}</button>
      </Form>
      {found === null ? null : found.orders.length === 0 ? (
        <p className="staff-panel" role="status">
          {found.search === "recent" ? t("staffOrders.empty") : t("staffOrders.nothingFound", { q })}
        </p>
      ) : (
        <>
          <p className="staff-muted" role="status">
            {found.search === "recent" ? t("staffOrders.newest") : t("staffOrders.resultsFor", { q })}{" "}
            {found.more ? t("staffOrders.limited", { limit: found.limit }) : null}
          </p>
          <div className="staff-scroll">
            <table className="staff-table staff-cards">
              <thead>
                <tr>
                  <th scope="col">{t("staffOrders.colOrder")}</th>
                  <th scope="col">{t("staffOrders.colStatus")}</th>
                  <th scope="col">{t("staffOrders.colWhat")}</th>
                  <th scope="col">{t("staffOrders.colAmount")}</th>
                  <th scope="col">{t("staffOrders.colCode")}</th>
                  <th scope="col">{t("staffOrders.colMember")}</th>
                  <th scope="col">{t("staffOrders.colDate")}</th>
                </tr>
              </thead>
              <tbody>
                {found.orders.map((order) => (
                  <tr key={order.id}>
                    <td className="staff-card-what">
                      <Link to={`/staff/orders/${order.id}`} className="order-ref">
                        {order.id}
                      </Link>
                    </td>
                    <td className="staff-card-age">
                      <OrderStatusBadge order={order} />
                    </td>
                    <td data-label={t("staffOrders.colWhat")}>{orderWhat(t, order)}</td>
                    <td data-label={t("staffOrders.colAmount")}>{formatMoney(locale, order.amount_cents, order.currency)}</td>
                    <td data-label={t("staffOrders.colCode")}>{order.discount_code ?? "–"}</td>
                    <td data-label={t("staffOrders.colMember")}>
                      <Link to={`/staff/members/${order.member_id}`}>#{order.member_id}</Link>
                      {order.member_email ? <span className="order-email"> {order.member_email}</span> : null}
                      {found.search === "recent" || found.search === "order" ? (
                        <span className="order-site staff-muted"> · {order.site_name}</span>
                      ) : null}
                    </td>
                    <td data-label={t("staffOrders.colDate")}>
                      <When at={order.created_at} now={now} />
                      {order.paid_at ? (
                        <span className="staff-muted">
                          {" · "}
                          {t("staffOrders.paidWhen")} <When at={order.paid_at} now={now} />
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
