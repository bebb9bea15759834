import { data, Link, redirect, useNavigation } from "react-router";
import { OrderActionForm, OrderAdjustments, OrderFacts, OrderHistory, OrderLedger } from "~/components/staff/OrderParts";
import { PageHeading } from "~/components/staff/StaffParts";
import { chargeBackStaffOrder, refundStaffOrder, staffOrder } from "~/lib/api/staff-orders.server";
import { apiContext } from "~/lib/context";
import { parseForm } from "~/lib/forms/parse.server";
import type { FormReply } from "~/lib/forms/reply";
import { StaffOrderActionSchema } from "~/lib/forms/staff-orders";
import { useTranslation } from "~/lib/i18n-react";
import { apiFailurePage } from "~/lib/page-errors.server";
import { readStaffPost, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import { REASON_MAX, REASON_MIN } from "../../../contract/rules/staff";
import commerceCss from "~/staff-commerce.css?url";
import type { Route } from "./+types/order";

/** Orders and codes have styles of their own, a file only their pages load. */
export function links() {
  return [{ rel: "stylesheet", href: commerceCss }];
}

/**
 * /staff/orders/:orderId: one order (docs/product.md §16.3, ADR 048): its facts, its history
 * (order events), the ledger rows it made, its member (linked to /staff/members/:id), the
 * refunds and chargebacks recorded, and the forms to refund it or record a chargeback, each with
 * its reason. Outside the admin's sites: 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaffPage(args.context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const result = await staffOrder(args.context.get(apiContext), args.params.orderId);
  if (!result.ok) return apiFailurePage(result, args);
  const done = new URL(args.request.url).searchParams.get("done");
  return { page: result.data, done: done === "refund" || done === "chargeback" ? done : null, now: Date.now() };
}

/** API refusals with a message of their own (errors.<code>); any other reads "that did not work". */
const OWN = new Set(["order_not_refundable", "order_already_refunded", "order_already_charged_back"]);

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const id = args.params.orderId;
  const intent = form.get("intent") === "chargeback" ? "chargeback" : "refund";
  const reply = (body: Omit<FormReply, "section">, status: number) =>
    data<FormReply>({ ...body, section: intent }, { status, headers: STAFF_HEADERS });
  const submission = parseForm(form, StaffOrderActionSchema);
  if (submission.status !== "success") return reply({ result: submission.reply() }, 400);
  const send = intent === "refund" ? refundStaffOrder : chargeBackStaffOrder;
  const result = await send(api, { id, reason: submission.value.reason });
  if (!result.ok) {
    if (result.status === 404) return apiFailurePage(result, args);
    if (result.error.fields?.reason) {
      const bounds = `staff.errors.reason|${JSON.stringify({ min: REASON_MIN, max: REASON_MAX })}`;
      return reply({ result: submission.reply({ fieldErrors: { reason: [bounds] } }) }, result.status);
    }
    const code = result.error.error;
    const message = OWN.has(code) ? `errors.${code}` : "staff.errors.generic";
    return reply({ result: submission.reply({ formErrors: [message] }) }, result.status);
  }
  throw redirect(`/staff/orders/${encodeURIComponent(id)}?done=${intent}`, { headers: STAFF_HEADERS });
}

export default function StaffOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { page, done, now } = loaderData;
  const { order, member } = page;
  const failed = page.adjustments.some((a) => a.kind === "refund" && a.refund_status === "failed");
  return (
    <>
      <p className="order-back">
        <Link to="/staff/orders">{t("staffOrders.back")}</Link>
      </p>
      <PageHeading
        heading={t("staffOrders.orderHeading", { id: order.id })}
        saved={done !== null}
        savedText={
          done === "refund"
            ? failed
              ? t("staffOrders.savedRefundFailed")
              : t("staffOrders.savedRefund")
            : t("staffOrders.savedChargeback")
        }
      />
      <div className="staff-grid">
        <div>
          <section className="staff-panel" aria-labelledby="order-facts">
            <h2 id="order-facts">{t("staffOrders.details")}</h2>
            <OrderFacts order={order} now={now} />
          </section>
          <section className="staff-panel" aria-labelledby="order-history">
            <h2 id="order-history">{t("staffOrders.history")}</h2>
            <OrderHistory events={page.events} now={now} />
          </section>
          <section className="staff-panel" aria-labelledby="order-ledger">
            <h2 id="order-ledger">{t("staffOrders.ledger")}</h2>
            <OrderLedger rows={page.ledger} now={now} />
          </section>
        </div>
        <div>
          <section className="staff-panel" aria-labelledby="order-member">
            <h2 id="order-member">{t("staffOrders.colMember")}</h2>
            <dl className="staff-facts">
              <dt>{t("staffOrders.memberName")}</dt>
              <dd>
                <Link to={`/staff/members/${member.id}`}>
                  {member.name} (#{member.id})
                </Link>
              </dd>
              <dt>{t("staffOrders.email")}</dt>
              <dd>{member.email ?? "–"}</dd>
              <dt>{t("staffOrders.balance")}</dt>
              <dd>{member.balance}</dd>
            </dl>
          </section>
          {page.adjustments.length > 0 || page.withdrawal ? (
            <section className="staff-panel" aria-labelledby="order-adjustments">
              <h2 id="order-adjustments">{t("staffOrders.adjustments")}</h2>
              <OrderAdjustments page={page} now={now} />
            </section>
          ) : null}
          <OrderActionForm
            intent="refund"
            page={page}
            reply={actionData?.section === "refund" ? actionData : undefined}
            busy={busy}
          />
          <OrderActionForm
            intent="chargeback"
            page={page}
            reply={actionData?.section === "chargeback" ? actionData : undefined}
            busy={busy}
          />
          {page.refund === null && page.chargeback === null ? (
            <p className="staff-panel staff-muted">{t("staffOrders.noActions")}</p>
          ) : null}
        </div>
      </div>
    </>
  );
}
