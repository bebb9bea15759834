/**
 * Withdrawing from a purchase (docs/product.md §10.7; EU Consumer Rights Directive art. 11a,
 * the "withdrawal function"). Within 14 days of paying, a member may withdraw from an order of
 * credits: its unused credits go back (a negative ledger row) and their share of the price is
 * refunded (CJEU C-641/19: what was used before withdrawing is paid for, pro rata). From
 * premium's first purchase: the days not yet had are refunded, premium ends by them and does
 * not renew, and its unused bonus credits go back.
 *
 * Which credits of a purchase are unused: credits are spent oldest first, so the purchase's
 * credits still held are the balance minus everything granted after it, at most what it gave.
 *
 * One batch makes the order `withdrawn`, records the withdrawal and takes the credits back,
 * each statement guarded, so a double click or two requests at once withdraw once. The refund
 * is then asked of the provider with an idempotency key; a provider that is down leaves the
 * withdrawal `pending`, and asking again (the page, a retry) tries again.
 */
import { type Selectable, sql } from "kysely";
import { runBatch, type Db } from "../db/client";
import type { WithdrawalsTable } from "../db/schema";
import { DomainError } from "./errors";
import * as ledger from "./ledger";
import { buildLedgerKey } from "./ledger-keys";
import { type Order, purchasesPaidSince } from "../db/orders";
import type { OrderDeps } from "./order-deps";
import { MONTH_MS } from "./premium";

export const WITHDRAWAL_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

export type Withdrawal = Selectable<WithdrawalsTable>;

export interface WithdrawalQuote {
  /** The purchase's credits the member still holds: these go back. */
  unused: number;
  /** Their share of the price, in the order's currency. */
  refund_cents: number;
  /** Until when (Unix ms) the member may withdraw. */
  until: number;
}

export function withdrawalDeadline(order: Pick<Order, "paid_at">): number | null {
  return order.paid_at === null ? null : order.paid_at + WITHDRAWAL_DAYS * DAY;
}

/**
 * The ledger key of what the order granted: a package's credits, or a premium period's bonus
 * credits; the key its writer used (orders.ts settlePaid, premium.ts periodStatements). Null for
 * an order of credits with no payment at the provider: it granted nothing.
 */
function grantKey(order: Order): string | null {
  if (order.product === "premium") return buildLedgerKey({ kind: "premium_bonus", orderId: order.id });
  if (order.provider_payment_id === null) return null;
  return buildLedgerKey({ kind: "purchase", provider: order.provider, paymentId: order.provider_payment_id });
}

/** A premium period's length (the months it paid for, 30 days each). */
function periodMs(order: Order): number {
  return order.months * MONTH_MS;
}

/**
 * What withdrawing gives back now. Credits: the purchase's unused credits and their share of the
 * price. Premium (its first purchase): the share of the price for the days of the period not
 * yet had, and the unused bonus credits (bonus credits already used are not charged).
 */
export async function quoteWithdrawal(deps: Pick<OrderDeps, "db">, order: Order, now = Date.now()): Promise<WithdrawalQuote> {
  const { db } = deps;
  const key = grantKey(order);
  const grant = key === null ? undefined : await ledger.entryWithKey(db, key).executeTakeFirst();
  const balance = await ledger.balance(db, order.member_id);
  let later = 0;
  if (grant) {
    const row = await db
      .selectFrom("credit_ledger")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.lit(0)).as("later"))
      .where("member_id", "=", order.member_id)
      .where("id", ">", grant.id)
      .where("amount", ">", 0)
      .executeTakeFirstOrThrow();
    later = Number(row.later);
  }
  const unused = grant ? Math.min(Math.max(balance - later, 0), order.credits) : 0;
  const refundable = Math.max(order.amount_cents - order.charged_back_cents, 0);
  const share =
    order.product === "premium"
      ? Math.min(Math.max(1 - (now - (order.paid_at ?? now)) / periodMs(order), 0), 1)
      : order.credits > 0
        ? unused / order.credits
        : 0;
  const refund = Math.min(Math.round(order.amount_cents * share), refundable);
  return { unused, refund_cents: refund, until: withdrawalDeadline(order) ?? 0 };
}

/** The member's purchases on the site of the last 14 days, withdrawn from or not, newest first. */
export function recentPurchases(db: Db, memberId: number, siteId: number, now = Date.now()): Promise<Order[]> {
  return purchasesPaidSince(db, memberId, siteId, now - WITHDRAWAL_DAYS * DAY);
}

/** Whether the member may still withdraw from the order (paid, credits, within 14 days). */
export function assertWithdrawable(order: Order, now: number): void {
  const until = withdrawalDeadline(order);
  // A renewal is not a new contract: the right of withdrawal belongs to the first purchase.
  const purchase = order.product === "credits" || order.sequence === "first";
  if (!purchase || order.status !== "paid" || until === null) {
    throw new DomainError("not_withdrawable", "This order cannot be withdrawn from.");
  }
  if (now > until) throw new DomainError("withdrawal_period_over", "The 14 days to withdraw have passed.");
}

export function findWithdrawal(deps: Pick<OrderDeps, "db">, orderId: string) {
  return deps.db.selectFrom("withdrawals").selectAll().where("order_id", "=", orderId).executeTakeFirst();
}

/**
 * Withdraws from the order (or answers the withdrawal made before). `made` is true for the call
 * that made it: that one sends the acknowledgement.
 */
export async function withdraw(
  deps: OrderDeps,
  order: Order,
  now = Date.now(),
): Promise<{ withdrawal: Withdrawal; made: boolean }> {
  const { d1, db } = deps;
  const earlier = await findWithdrawal(deps, order.id);
  if (earlier) return { withdrawal: await refundIfPending(deps, order, earlier), made: false };
  assertWithdrawable(order, now);
  const quote = await quoteWithdrawal(deps, order, now);
  // Premium ends by the days this purchase had left, and does not renew.
  const remainingMs = order.product === "premium" ? Math.max((order.paid_at ?? now) + periodMs(order) - now, 0) : 0;
  const withdrawn: ledger.LedgerCondition = (eb) =>
    eb.exists(db.selectFrom("orders").select("id").where("id", "=", order.id).where("status", "=", "withdrawn"));
  const [claimed] = await runBatch(d1, [
    db
      .updateTable("orders")
      .set({ status: "withdrawn", updated_at: now })
      .where("id", "=", order.id)
      .where("status", "=", "paid"),
    db
      .insertInto("withdrawals")
      .columns(["order_id", "member_id", "credits_returned", "refund_cents", "requested_at", "refund_status"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(order.id).as("order_id"),
            eb.val(order.member_id).as("member_id"),
            eb.val(quote.unused).as("credits_returned"),
            eb.val(quote.refund_cents).as("refund_cents"),
            eb.val(now).as("requested_at"),
            eb.val(quote.refund_cents > 0 ? "pending" : "none").as("refund_status"),
          ])
          .where(withdrawn),
      )
      .onConflict((oc) => oc.column("order_id").doNothing()),
    ...(quote.unused > 0
      ? [
          ledger.refundStatement(
            db,
            ledger.ledgerEntry(order.member_id, quote.unused, { kind: "withdrawal", orderId: order.id }),
            withdrawn,
            now,
          ),
        ]
      : []),
    ...(order.product === "premium"
      ? [
          db
            .updateTable("premium_memberships")
            .set({
              current_period_end: sql<number>`max(${now}, current_period_end - ${remainingMs})`,
              renews: 0,
              canceled_at: now,
              updated_at: now,
            })
            .where("member_id", "=", order.member_id)
            .where((eb) =>
              eb.exists(db.selectFrom("orders").select("id").where("id", "=", order.id).where("status", "=", "withdrawn")),
            ),
        ]
      : []),
    db.insertInto("order_events").values({
      order_id: order.id,
      event: "withdrawn",
      detail: `${quote.unused} credits back, ${quote.refund_cents} ${order.currency} to refund`,
      at: now,
    }),
  ]);
  const made = claimed?.meta.changes === 1;
  const withdrawal = await findWithdrawal(deps, order.id);
  if (!withdrawal) throw new DomainError("not_withdrawable", "This order cannot be withdrawn from.");
  return { withdrawal: await refundIfPending(deps, order, withdrawal), made };
}

/** Asks the provider for a withdrawal's refund that has not been made yet. Never throws for the provider. */
export async function refundIfPending(deps: OrderDeps, order: Order, withdrawal: Withdrawal): Promise<Withdrawal> {
  if (withdrawal.refund_status !== "pending" && withdrawal.refund_status !== "failed") return withdrawal;
  if (!order.provider_payment_id || order.provider !== deps.adapter.name) return withdrawal;
  let update: Pick<Withdrawal, "refund_status" | "refund_id">;
  try {
    const refund = await deps.adapter.refund(
      order.provider_payment_id,
      { cents: withdrawal.refund_cents, currency: order.currency },
      `Withdrawal from ${order.id}`,
      `withdrawal:${order.id}`,
    );
    update = { refund_status: "refunded", refund_id: refund.id };
  } catch (error) {
    console.error(`refund of withdrawal ${order.id}:`, error instanceof Error ? error.message : error);
    update = { refund_status: "failed", refund_id: null };
  }
  await deps.db.updateTable("withdrawals").set(update).where("order_id", "=", order.id).execute();
  return { ...withdrawal, ...update };
}
