/**
 * Orders in the staff console (issue 28 point 7; docs/api.md "Orders in the staff console", ADR
 * 048), admins only (moderators and hosts: 403 staff_role). An admin of one site sees that site's
 * orders; a platform admin every site's. An order outside the scope answers 404 as if absent.
 *
 * - GET  /api/staff/orders.php?q=: find orders by reference, member id or address, newest first.
 * - GET  /api/staff/order.php?id=: the order, its events, its ledger rows, its member, and what a
 *   refund or a chargeback would do now.
 * - POST /api/staff/order_refund.php { id, reason }: refund it in full through the provider, once.
 * - POST /api/staff/order_chargeback.php { id, reason }: record a chargeback, once.
 */
import { Hono } from "hono";
import {
  STAFF_ORDERS_LIMIT,
  StaffOrderActionAnswerSchema,
  StaffOrderActionBodySchema,
  StaffOrderAnswerSchema,
  StaffOrderQuerySchema,
  StaffOrdersAnswerSchema,
  StaffOrdersQuerySchema,
} from "../../../../contract/staff-orders";
import type { Context } from "hono";
import type { ApiContext } from "../../context";
import type { Db } from "../../db/client";
import { siteNamesById } from "../../db/moderation-cases";
import {
  findStaffOrder,
  ledgerRowsOf,
  listAdjustments,
  type OrderSearch,
  orderEvents,
  searchOrders,
} from "../../db/staff-orders";
import { findOrder } from "../../db/orders";
import * as ledger from "../../domain/ledger";
import { buildLedgerKey } from "../../domain/ledger-keys";
import { chargeBackOrder, mayAskAgain, quoteChargeback, quoteRefund, refundOrder } from "../../domain/order-adjustments";
import { orderDeps } from "../../domain/order-deps";
import { findWithdrawal } from "../../domain/withdrawals";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import { ADMINS, inScope, requireStaff, type StaffRow } from "../../lib/staff";

const notFound = () => new ApiError(404, "order_not_found", "No such order.");

/** What the admin typed, read as an order's reference, a member's id or address; empty: the newest. */
function readSearch(q: string): OrderSearch {
  if (q === "") return { by: "recent" };
  if (/^[0-9]{1,15}$/.test(q)) return { by: "member", id: Number(q) };
  if (q.includes("@")) return { by: "email", email: q.toLowerCase() };
  return { by: "order", id: q };
}

type StaffOrder = NonNullable<Awaited<ReturnType<typeof findStaffOrder>>>;

/** The order on the admin's scope, or 404 as if it did not exist. */
async function scopedOrder(db: Db, staff: StaffRow, id: string): Promise<StaffOrder> {
  const order = await findStaffOrder(db, id);
  if (!order || !inScope(staff, order.site_id)) throw notFound();
  return order;
}

function row(order: StaffOrder | Awaited<ReturnType<typeof searchOrders>>[number], names: Map<number, string>) {
  return {
    id: order.id,
    site_name: names.get(order.site_id) ?? "",
    member_id: order.member_id,
    member_email: order.member_email,
    status: order.status,
    product: order.product,
    product_id: order.product_id,
    credits: order.credits,
    months: order.months,
    amount_cents: order.amount_cents,
    currency: order.currency,
    discount_code: order.discount_code,
    bonus_credits: order.bonus_credits,
    bonus_code: order.bonus_code,
    charged_back_cents: order.charged_back_cents,
    created_at: order.created_at,
    paid_at: order.paid_at,
  };
}

/** The ledger keys an order's rows carry (domain/ledger-keys.ts): what it granted and what went back. */
function keysOf(order: StaffOrder): { keys: string[]; prefixes: string[] } {
  const keys = [
    buildLedgerKey({ kind: "premium_bonus", orderId: order.id }),
    buildLedgerKey({ kind: "withdrawal", orderId: order.id }),
  ];
  keys.push(buildLedgerKey({ kind: "refund", orderId: order.id }));
  const prefixes: string[] = [];
  if (order.provider_payment_id !== null) {
    keys.push(buildLedgerKey({ kind: "purchase", provider: order.provider, paymentId: order.provider_payment_id }));
    // chargeback:<payment>:<total>: every total charged back so far.
    prefixes.push(buildLedgerKey({ kind: "chargeback", paymentId: order.provider_payment_id, totalCents: 0 }).slice(0, -1));
  }
  return { keys, prefixes };
}

/** The order page's answer: the order, its history and ledger rows, its member, what may be done. */
async function orderAnswer(c: Context<ApiContext>, id: string, me: StaffRow) {
  const { db } = c.var;
  const order = await scopedOrder(db, me, id);
  const { keys, prefixes } = keysOf(order);
  const [events, rows, adjustments, withdrawal, balance, names] = await Promise.all([
    orderEvents(db, order.id),
    ledgerRowsOf(db, order.member_id, keys, prefixes),
    listAdjustments(db, order.id),
    findWithdrawal({ db }, order.id),
    ledger.balance(db, order.member_id),
    siteNamesById(db),
  ]);
  const refunded = adjustments.find((a) => a.kind === "refund");
  const refund = quoteRefund(order);
  const chargeback = quoteChargeback(order, balance);
  const provider = orderDeps(c).adapter.name;
  return {
    order: {
      ...row(order, names),
      list_cents: order.list_cents,
      discount_cents: order.discount_cents,
      vat_cents: order.vat_cents,
      vat_rate: order.vat_rate,
      method: order.method,
      country: order.country,
      provider: order.provider,
      provider_payment_id: order.provider_payment_id,
      sequence: order.sequence,
      updated_at: order.updated_at,
    },
    events,
    ledger: rows,
    adjustments: adjustments.map((a) => ({
      kind: a.kind,
      staff_name: a.staff_name,
      reason: a.reason,
      amount_cents: a.amount_cents,
      credits_taken: a.credits_taken,
      refund_status: a.refund_status,
      created_at: a.created_at,
    })),
    withdrawal: withdrawal
      ? {
          credits_returned: withdrawal.credits_returned,
          refund_cents: withdrawal.refund_cents,
          refund_status: withdrawal.refund_status,
          requested_at: withdrawal.requested_at,
        }
      : null,
    member: { id: order.member_id, name: order.member_name, email: order.member_email, balance },
    refund:
      refunded && mayAskAgain(refunded)
        ? { amount_cents: refunded.amount_cents, credits: refunded.credits_taken, retry: true }
        : refund && !refunded && order.provider === provider
          ? { ...refund, retry: false }
          : null,
    chargeback: chargeback && !adjustments.some((a) => a.kind === "chargeback") ? chargeback : null,
  };
}

export const staffOrders = new Hono<ApiContext>()
  .get("/staff/orders.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { q } = readQuery(c, StaffOrdersQuerySchema, "Give a reference, a member's id or an address as ?q=.");
    const { db } = c.var;
    const search = readSearch(q);
    const [found, names] = await Promise.all([searchOrders(db, me.site_id, search, STAFF_ORDERS_LIMIT), siteNamesById(db)]);
    c.header("cache-control", "no-store");
    return answer(c, StaffOrdersAnswerSchema, {
      search: search.by,
      orders: found.slice(0, STAFF_ORDERS_LIMIT).map((order) => row(order, names)),
      limit: STAFF_ORDERS_LIMIT,
      more: found.length > STAFF_ORDERS_LIMIT,
    });
  })
  .get("/staff/order.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id } = readQuery(c, StaffOrderQuerySchema, "Give the order's reference as ?id=.");
    c.header("cache-control", "no-store");
    return answer(c, StaffOrderAnswerSchema, await orderAnswer(c, id, me));
  })
  .post("/staff/order_refund.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id, reason } = await readBody(c, StaffOrderActionBodySchema);
    await scopedOrder(c.var.db, me, id);
    const order = await findOrder(c.var.db, id);
    if (!order) throw notFound();
    await refundOrder(orderDeps(c), order, { staffId: me.id }, reason);
    return answer(c, StaffOrderActionAnswerSchema, await orderAnswer(c, id, me));
  })
  .post("/staff/order_chargeback.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id, reason } = await readBody(c, StaffOrderActionBodySchema);
    await scopedOrder(c.var.db, me, id);
    const order = await findOrder(c.var.db, id);
    if (!order) throw notFound();
    await chargeBackOrder(orderDeps(c), order, { staffId: me.id }, reason);
    return answer(c, StaffOrderActionAnswerSchema, await orderAnswer(c, id, me));
  });
