/**
 * Withdrawal from a purchase (issue 12; docs/product.md §10.7; docs/api.md "Commerce"):
 *
 * - GET /api/withdrawals.php (designed, member): the member's purchases of the last 14 days,
 *   with what withdrawing would give back, and those already withdrawn from.
 * - GET /api/withdrawals.php?order= (designed, member): one of them (a pending refund is asked
 *   of the provider again).
 * - POST /api/withdrawals.php { order } (designed, member): withdraw; once, whatever is sent
 *   twice. The acknowledgement goes by mail.
 *
 * Another member's order answers 404 like one that does not exist.
 */
import { Hono, type Context } from "hono";
import { WithdrawalOrderSchema, WithdrawalsQuerySchema } from "../../../contract/requests/orders";
import { WithdrawalAnswerSchema, type WithdrawalView, WithdrawalsAnswerSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { orderDeps } from "../domain/order-deps";
import { findOrder, type Order } from "../db/orders";
import * as withdrawals from "../domain/withdrawals";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { requireMember } from "../lib/member";
import { readBody, readQuery } from "../lib/request";
import { queueWithdrawalMail } from "../mail/withdrawal";

async function view(c: Context<ApiContext>, order: Order): Promise<WithdrawalView> {
  const deps = orderDeps(c);
  const done = await withdrawals.findWithdrawal(deps, order.id);
  const current = done ? await withdrawals.refundIfPending(deps, order, done) : null;
  const quote = current ? null : await withdrawals.quoteWithdrawal(deps, order);
  return {
    order: {
      id: order.id,
      product: order.product,
      credits: order.credits,
      months: order.months,
      amount_cents: order.amount_cents,
      currency: order.currency,
      paid_at: order.paid_at ?? 0,
    },
    until: withdrawals.withdrawalDeadline(order) ?? 0,
    unused_credits: current?.credits_returned ?? quote?.unused ?? 0,
    refund_cents: current?.refund_cents ?? quote?.refund_cents ?? 0,
    withdrawn: current ? { requested_at: current.requested_at, refund_status: current.refund_status } : null,
  };
}

async function ownPaidOrder(c: Context<ApiContext>, memberId: number, id: string): Promise<Order> {
  const order = await findOrder(c.var.db, id);
  if (
    !order ||
    order.member_id !== memberId ||
    order.site_id !== c.var.site.id ||
    order.paid_at === null ||
    order.sequence === "recurring"
  ) {
    throw new ApiError(404, "order_not_found", "No such order.");
  }
  return order;
}

export const withdrawalCalls = new Hono<ApiContext>()
  .get("/withdrawals.php", async (c) => {
    const member = requireMember(c);
    const query = readQuery(c, WithdrawalsQuerySchema);
    c.header("cache-control", "no-store");
    if (query.order) {
      return answer(c, WithdrawalAnswerSchema, { purchase: await view(c, await ownPaidOrder(c, member.id, query.order)) });
    }
    const orders = await withdrawals.recentPurchases(c.var.db, member.id, c.var.site.id);
    const purchases = [];
    for (const order of orders) purchases.push(await view(c, order));
    return answer(c, WithdrawalsAnswerSchema, { purchases });
  })
  .post("/withdrawals.php", async (c) => {
    const member = requireMember(c);
    const { order: id } = await readBody(c, WithdrawalOrderSchema);
    const order = await ownPaidOrder(c, member.id, id);
    const { withdrawal, made } = await withdrawals.withdraw(orderDeps(c), order);
    if (made) await queueWithdrawalMail(c, member, order, withdrawal);
    const purchase = await view(c, { ...order, status: "withdrawn" });
    return answer(c, WithdrawalAnswerSchema, { purchase }, made ? 201 : 200);
  });
