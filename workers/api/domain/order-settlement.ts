/**
 * Settling orders with the provider (docs/product.md §10, docs/decisions/018-payments.md): what
 * was bought is granted only when the provider says the payment is paid, from its webhook or
 * from a reconcile that asks it (the return page), never from the browser's return alone.
 * Granting is one D1 batch keyed by the provider's payment id (ledger-keys.ts), so a webhook
 * delivered twice, concurrently, late or after the return page grants exactly once. Chargebacks
 * and a payment for a deleted account are settled here too.
 */
import type { ProviderPayment } from "../adapters/payments/types";
import { runBatch } from "../db/client";
import { findOrder, findOrderByPayment, type Order, orderEvent, orderEventOnce } from "../db/orders";
import type { OrderStatus } from "../db/schema";
import * as discounts from "./discounts";
import * as ledger from "./ledger";
import type { OrderDeps } from "./order-deps";
import * as premium from "./premium";

/** States an order leaves when the provider settles it; settled ones never change back. */
const UNSETTLED: OrderStatus[] = ["created", "open", "pending"];

/** What a settle did: `paidNow` when this call made the order paid (the receipt goes out then, once). */
export interface Settled {
  paidNow: boolean;
}
const NOTHING_NEW: Settled = { paidNow: false };

/**
 * An order reserves its code only while it can still be paid (docs/product.md §10.5): the
 * member's orders that hold a code and are not settled are brought in line with the provider,
 * so one the member left at the checkout and the provider has cancelled or let expire (its
 * webhook late or lost) gives its code back now.
 */
export async function freeUnpayableReservations(deps: OrderDeps, memberId: number): Promise<void> {
  const holding = await deps.db
    .selectFrom("discount_redemptions")
    .innerJoin("orders", "orders.id", "discount_redemptions.order_id")
    .selectAll("orders")
    .where("discount_redemptions.member_id", "=", memberId)
    .where("orders.status", "in", UNSETTLED)
    .execute();
  await Promise.all(holding.map((order) => reconcile(deps, order)));
}

/**
 * Brings the order in line with the provider's payment. Idempotent: every write is guarded by
 * the order's current state and the ledger's unique key, so any number of calls at any moment
 * grant once.
 */
export async function settle(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<Settled> {
  const { d1, db } = deps;
  if (payment.id !== order.provider_payment_id) return NOTHING_NEW;
  if (payment.amount.cents !== order.amount_cents || payment.amount.currency !== order.currency) {
    // Not the payment we asked for: grant nothing and leave it to staff.
    await runBatch(d1, [
      db
        .updateTable("orders")
        .set({ status: "review", updated_at: Date.now() })
        .where("id", "=", order.id)
        .where("status", "in", UNSETTLED),
      orderEventOnce(db, order.id, "amount_mismatch", `${payment.amount.cents} ${payment.amount.currency}`),
    ]);
    return NOTHING_NEW;
  }
  if (payment.chargedBack.cents > order.charged_back_cents) await applyChargeback(deps, order, payment);
  switch (payment.status) {
    case "paid":
      return settlePaid(deps, order, payment);
    case "failed":
    case "canceled":
    case "expired":
      await runBatch(d1, [
        db
          .updateTable("orders")
          .set({ status: payment.status, checkout_url: null, updated_at: Date.now() })
          .where("id", "=", order.id)
          .where("status", "in", UNSETTLED),
        // The code's use goes back to the member (only if this order is the one that failed).
        discounts.releaseStatement(db, order.id),
        // A renewal that was not paid ends the renewal: the period runs out.
        ...(order.sequence === "recurring"
          ? [
              db
                .updateTable("premium_memberships")
                .set({ renews: 0, renewal_failed_at: Date.now(), updated_at: Date.now() })
                .where("member_id", "=", order.member_id),
            ]
          : []),
        orderEventOnce(db, order.id, payment.status),
      ]);
      return NOTHING_NEW;
    case "pending":
    case "authorized":
      await db
        .updateTable("orders")
        .set({ status: "pending", updated_at: Date.now() })
        .where("id", "=", order.id)
        .where("status", "in", ["created", "open"])
        .execute();
      return NOTHING_NEW;
    case "open":
      return NOTHING_NEW;
  }
}

async function settlePaid(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<Settled> {
  const { d1, db } = deps;
  const member = await db.selectFrom("members").select("status").where("id", "=", order.member_id).executeTakeFirst();
  if (!member || member.status === "deleted") {
    await refundForDeletedMember(deps, order, payment);
    return NOTHING_NEW;
  }
  const now = Date.now();
  // One batch, one transaction: the credits, the order's state and its event, or none of them.
  const [updated] = await runBatch(d1, [
    db
      .updateTable("orders")
      .set({ status: "paid", paid_at: now, checkout_url: null, updated_at: now })
      .where("id", "=", order.id)
      .where("status", "not in", ["paid", "refunded", "review", "withdrawn"]),
    ...(order.product === "premium"
      ? premium.periodStatements(db, order, now)
      : [
          ledger.grantStatement(
            db,
            ledger.ledgerEntry(order.member_id, order.credits, {
              kind: "purchase",
              provider: order.provider,
              paymentId: payment.id,
            }),
            now,
          ),
        ]),
    db.updateTable("members").set({ paid_user: 1 }).where("id", "=", order.member_id),
    orderEventOnce(db, order.id, "paid", `${order.credits} credits granted`),
  ]);
  // D1 counts the business figures' trigger rows too (migration 0033): any change means this
  // call's update made the order paid (the trigger fires only then).
  return { paidNow: (updated?.meta.changes ?? 0) > 0 };
}

/**
 * The member deleted their account between checkout and payment: nothing to grant to, so the
 * payment is refunded in full. The state changes first, so only one call refunds.
 */
async function refundForDeletedMember(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<void> {
  const { d1, db, adapter } = deps;
  const claimed = await db
    .updateTable("orders")
    .set({ status: "refunded", checkout_url: null, updated_at: Date.now() })
    .where("id", "=", order.id)
    .where("status", "not in", ["paid", "refunded", "review", "withdrawn"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  try {
    const refund = await adapter.refund(payment.id, payment.amount, `Refund of ${order.id}: account deleted`);
    await orderEvent(db, order.id, "refunded_account_deleted", refund.id).execute();
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
    await runBatch(d1, [
      db.updateTable("orders").set({ status: "review", updated_at: Date.now() }).where("id", "=", order.id),
      orderEvent(db, order.id, "refund_failed", detail),
    ]);
  }
}

/**
 * The credits of the share of the price between `fromCents` and `toCents` that went back to the
 * payer (charged back, or refunded by an admin): pro rata to what the order cost, never more
 * than it gave. The one rule for taking a purchase's credits back (ADR 018, ADR 048).
 */
export function creditsBetween(order: Pick<Order, "credits" | "amount_cents">, fromCents: number, toCents: number): number {
  if (order.amount_cents <= 0) return 0;
  const creditsFor = (cents: number) => Math.min(order.credits, Math.round((order.credits * cents) / order.amount_cents));
  return Math.max(creditsFor(toCents) - creditsFor(fromCents), 0);
}

/**
 * The payer's bank took money back (a chargeback): the credits of that share of the price go
 * back too, as a negative ledger row, whatever the balance (it may go below zero). Keyed by the
 * total charged back, so the same report twice takes them once.
 */
async function applyChargeback(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<void> {
  const { d1, db } = deps;
  const total = Math.min(payment.chargedBack.cents, order.amount_cents);
  // An order refunded in full (by an admin, ADR 048, or for a deleted account) has had its
  // credits taken back already, or never granted them.
  const credits = order.status === "refunded" ? 0 : creditsBetween(order, order.charged_back_cents, total);
  const recorded: ledger.LedgerCondition = (eb) =>
    eb.exists(db.selectFrom("orders").select("id").where("id", "=", order.id).where("charged_back_cents", "=", total));
  await runBatch(d1, [
    db
      .updateTable("orders")
      .set({ charged_back_cents: total, updated_at: Date.now() })
      .where("id", "=", order.id)
      .where("charged_back_cents", "<", total),
    ...(credits > 0
      ? [
          ledger.refundStatement(
            db,
            ledger.ledgerEntry(order.member_id, credits, { kind: "chargeback", paymentId: payment.id, totalCents: total }),
            recorded,
          ),
        ]
      : []),
    orderEventOnce(db, order.id, `chargeback:${total}`, `${credits} credits taken back`),
  ]);
}

/**
 * A webhook call: the provider names a payment; we ask it for the state and settle. The order
 * when it is paid (by this call or an earlier one), so what follows a payment (the receipt, the
 * sale's postback) is done again by a redelivery when a call stopped half way; each of those is
 * once-only on its own (claimReceipt, the postback's unique row).
 */
export async function receiveWebhook(deps: OrderDeps, paymentId: string): Promise<Order | null> {
  const order = await findOrderByPayment(deps.db, deps.adapter.name, paymentId);
  // Unknown ids are answered like known ones (200), so the webhook reveals nothing.
  if (!order) return null;
  await orderEvent(deps.db, order.id, "webhook").execute();
  const payment = await deps.adapter.getPayment(paymentId);
  if (!payment) return null;
  await settle(deps, order, payment);
  const current = await findOrder(deps.db, order.id);
  return current?.status === "paid" ? current : null;
}

/**
 * The return page's check: an unsettled order asks the provider itself, so a late webhook never
 * leaves the member waiting. A provider that does not answer leaves the order as it was.
 */
export async function reconcile(deps: OrderDeps, order: Order): Promise<{ order: Order; paidNow: boolean }> {
  const unchanged = { order, paidNow: false };
  if (!UNSETTLED.includes(order.status) || !order.provider_payment_id || order.provider !== deps.adapter.name) return unchanged;
  let settled = NOTHING_NEW;
  try {
    const payment = await deps.adapter.getPayment(order.provider_payment_id);
    if (payment) settled = await settle(deps, order, payment);
  } catch (error) {
    console.error(`reconcile ${order.id}:`, error instanceof Error ? error.message : error);
    return unchanged;
  }
  return { order: (await findOrder(deps.db, order.id)) ?? order, paidNow: settled.paidNow };
}
