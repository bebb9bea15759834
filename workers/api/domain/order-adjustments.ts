/**
 * Refunds and chargebacks an admin records in the staff console (docs/product.md §16.3,
 * docs/decisions/048-orders-console.md). Both take the order's credits back through the ledger
 * by the settlement's one rule (order-settlement.ts creditsBetween: the share of the price that
 * went back); they differ in how far:
 *
 * - a refund takes that share whatever the balance, as the ledger takes every refund (ADR 018:
 *   the balance may go below zero), and asks the provider for the money with a key per order;
 * - a chargeback takes at most what the balance holds: never below zero, so never more than the
 *   member has left unspent (ADR 048). The bank already took the money; nothing is asked.
 *
 * Once per order and kind: one D1 batch whose first statement writes the order_adjustments row
 * (primary key order + kind, a random token) only while the order is still as it was read; every
 * other statement (the order's state, the ledger row, the order event, the audit line) runs only
 * while the row with this call's token exists. Ten requests at once change the order once; the
 * others are told it was done.
 */
import { runBatch } from "../db/client";
import { findAdjustment, type OrderAdjustment } from "../db/staff-orders";
import type { Order } from "../db/orders";
import { DomainError } from "./errors";
import * as ledger from "./ledger";
import type { OrderDeps } from "./order-deps";
import { creditsBetween } from "./order-settlement";

export type AdjustmentKind = OrderAdjustment["kind"];

/** The admin acting, for the audit line. */
export interface Actor {
  staffId: number;
}

/** What a refund or chargeback of the order would do now; null when it cannot be made. */
export interface AdjustmentQuote {
  amount_cents: number;
  credits: number;
}

/** How often a chargeback reads the balance again when a spend changed it meanwhile. */
const BALANCE_TRIES = 5;
/**
 * A refund still pending after this long lost its call (the worker stopped before the provider
 * answered): it may be asked again. The provider's key per order makes that safe.
 */
const STALE_PENDING_MS = 60_000;

/** Whether the provider may be asked (again) for this refund: it refused, or the call asking it was lost. */
export function mayAskAgain(adjustment: Pick<OrderAdjustment, "refund_status" | "asked_at">, now = Date.now()): boolean {
  return (
    adjustment.refund_status === "failed" ||
    (adjustment.refund_status === "pending" && now - (adjustment.asked_at ?? 0) > STALE_PENDING_MS)
  );
}

/** The money not yet returned to the payer, while the order is paid; 0 otherwise. */
function returnable(order: Order): number {
  if (order.status !== "paid" || order.provider_payment_id === null) return 0;
  return Math.max(order.amount_cents - order.charged_back_cents, 0);
}

/** A refund now: the money left and the credits of its share (whatever the balance). */
export function quoteRefund(order: Order): AdjustmentQuote | null {
  const cents = returnable(order);
  if (cents === 0) return null;
  return { amount_cents: cents, credits: creditsBetween(order, order.charged_back_cents, order.amount_cents) };
}

/** A chargeback now: the money left and the credits of its share, at most what the balance holds. */
export function quoteChargeback(order: Order, balance: number): AdjustmentQuote | null {
  const cents = returnable(order);
  if (cents === 0) return null;
  const share = creditsBetween(order, order.charged_back_cents, order.amount_cents);
  return { amount_cents: cents, credits: Math.min(share, Math.max(balance, 0)) };
}

function refused(kind: AdjustmentKind, order: Order, earlier: OrderAdjustment | undefined): DomainError {
  if (earlier?.kind === "refund") return new DomainError("order_already_refunded", `${order.id} was refunded already.`);
  if (earlier?.kind === "chargeback")
    return new DomainError("order_already_charged_back", `${order.id} was charged back already.`);
  return new DomainError("order_not_refundable", `${order.id} is not paid, or its money went back already: no ${kind}.`);
}

/**
 * Refunds the order in full through the provider (or, when its refund failed before, asks the
 * provider again). Throws order_already_refunded for a second refund, order_not_refundable when
 * the order is not paid or nothing is left to return.
 */
export async function refundOrder(deps: OrderDeps, order: Order, actor: Actor, reason: string): Promise<OrderAdjustment> {
  const earlier = await findAdjustment(deps.db, order.id, "refund");
  if (earlier) {
    if (!mayAskAgain(earlier)) throw refused("refund", order, earlier);
    return askProvider(deps, order, earlier);
  }
  const quote = quoteRefund(order);
  if (!quote || order.provider !== deps.adapter.name) throw refused("refund", order, undefined);
  const token = crypto.randomUUID();
  const made = await adjust(deps, order, actor, { kind: "refund", reason, token, quote });
  if (!made) throw refused("refund", order, await findAdjustment(deps.db, order.id, "refund"));
  return askProvider(deps, order, made);
}

/**
 * Records that the payer's bank took the order's money back: its credits go back, at most what
 * the balance holds. Throws order_already_charged_back for a second one, order_not_refundable
 * when the order is not paid or nothing is left.
 */
export async function chargeBackOrder(deps: OrderDeps, order: Order, actor: Actor, reason: string): Promise<OrderAdjustment> {
  const earlier = await findAdjustment(deps.db, order.id, "chargeback");
  if (earlier) throw refused("chargeback", order, earlier);
  for (let attempt = 0; attempt < BALANCE_TRIES; attempt++) {
    const balance = await ledger.balance(deps.db, order.member_id);
    const quote = quoteChargeback(order, balance);
    if (!quote) throw refused("chargeback", order, undefined);
    const token = crypto.randomUUID();
    const made = await adjust(deps, order, actor, { kind: "chargeback", reason, token, quote, balanceAtLeast: quote.credits });
    if (made) return made;
    const now = await findAdjustment(deps.db, order.id, "chargeback");
    if (now) throw refused("chargeback", order, now);
    const current = await deps.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirst();
    if (!current || current.status !== order.status || current.charged_back_cents !== order.charged_back_cents) {
      throw refused("chargeback", current ?? order, undefined);
    }
    // The order is as it was: the member spent meanwhile, so the balance is read again.
  }
  throw new DomainError("order_in_progress", "The member's balance kept changing; try again.");
}

interface Change {
  kind: AdjustmentKind;
  reason: string;
  token: string;
  quote: AdjustmentQuote;
  /** A chargeback: written only while the balance still covers the credits taken (never below zero). */
  balanceAtLeast?: number;
}

/** The batch: the adjustment row first (guarded), then everything else only if it is this call's. */
async function adjust(deps: OrderDeps, order: Order, actor: Actor, change: Change): Promise<OrderAdjustment | null> {
  const { d1, db } = deps;
  const now = Date.now();
  const { kind, token, quote } = change;
  const mine = () => db.selectFrom("order_adjustments").select("token").where("token", "=", token);
  const ours: ledger.LedgerCondition = (eb) => eb.exists(mine());
  const guard = db
    .selectNoFrom((eb) => [
      eb.val(order.id).as("order_id"),
      eb.val(kind).as("kind"),
      eb.val(token).as("token"),
      eb.val(actor.staffId).as("staff_id"),
      eb.val(change.reason).as("reason"),
      eb.val(quote.amount_cents).as("amount_cents"),
      eb.val(quote.credits).as("credits_taken"),
      eb.val(kind === "refund" ? "pending" : "none").as("refund_status"),
      eb.val(kind === "refund" ? now : null).as("asked_at"),
      eb.val(now).as("created_at"),
    ])
    .where((eb) =>
      eb.and([
        eb.exists(
          db
            .selectFrom("orders")
            .select("id")
            .where("id", "=", order.id)
            .where("status", "=", "paid")
            .where("charged_back_cents", "=", order.charged_back_cents),
        ),
        ...(change.balanceAtLeast === undefined || change.balanceAtLeast === 0
          ? []
          : [
              eb(
                eb
                  .selectFrom("credit_ledger")
                  .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("amount"), inner.lit(0)).as("b"))
                  .where("member_id", "=", order.member_id),
                ">=",
                change.balanceAtLeast,
              ),
            ]),
      ]),
    );
  const entry =
    kind === "refund"
      ? ledger.ledgerEntry(order.member_id, quote.credits, { kind: "refund", orderId: order.id })
      : ledger.ledgerEntry(order.member_id, quote.credits, {
          kind: "chargeback",
          paymentId: order.provider_payment_id ?? order.id,
          totalCents: order.amount_cents,
        });
  const detail =
    kind === "refund"
      ? `${quote.amount_cents} ${order.currency} to refund, ${quote.credits} credits taken back`
      : `${quote.amount_cents} ${order.currency} charged back, ${quote.credits} credits taken back`;
  const [inserted] = await runBatch(d1, [
    db
      .insertInto("order_adjustments")
      .columns([
        "order_id",
        "kind",
        "token",
        "staff_id",
        "reason",
        "amount_cents",
        "credits_taken",
        "refund_status",
        "asked_at",
        "created_at",
      ])
      .expression(guard)
      .onConflict((oc) => oc.doNothing()),
    db
      .updateTable("orders")
      .set(
        kind === "refund" ? { status: "refunded", updated_at: now } : { charged_back_cents: order.amount_cents, updated_at: now },
      )
      .where("id", "=", order.id)
      .where((eb) => eb.exists(mine())),
    ...(quote.credits > 0 ? [ledger.refundStatement(db, entry, ours, now)] : []),
    // Premium bought by this order ends now and does not renew.
    ...(order.product === "premium"
      ? [
          db
            .updateTable("premium_memberships")
            .set((eb) => ({
              current_period_end: eb.fn("min", [eb.ref("current_period_end"), eb.val(now)]),
              renews: 0,
              canceled_at: now,
              updated_at: now,
            }))
            .where("member_id", "=", order.member_id)
            .where((eb) => eb.exists(mine())),
        ]
      : []),
    db
      .insertInto("order_events")
      .columns(["order_id", "event", "detail", "at"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(order.id).as("order_id"),
            eb.val(kind === "refund" ? "staff_refund" : "staff_chargeback").as("event"),
            eb.val(detail).as("detail"),
            eb.val(now).as("at"),
          ])
          .where(ours),
      ),
    db
      .insertInto("staff_audit")
      .columns(["site_id", "staff_id", "action", "member_id", "detail", "created_at"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(order.site_id).as("site_id"),
            eb.val(actor.staffId).as("staff_id"),
            eb.val(kind === "refund" ? "order_refunded" : "order_charged_back").as("action"),
            eb.val(order.member_id).as("member_id"),
            eb
              .val(
                JSON.stringify({
                  order: order.id,
                  reason: change.reason,
                  amount_cents: quote.amount_cents,
                  currency: order.currency,
                  credits: quote.credits,
                }),
              )
              .as("detail"),
            eb.val(now).as("created_at"),
          ])
          .where(ours),
      ),
  ]);
  // D1 counts the business figures' trigger rows too (migration 0033, a refund's): any change
  // means this call's guarded row went in.
  if ((inserted?.meta.changes ?? 0) === 0) return null;
  return (await findAdjustment(db, order.id, kind)) ?? null;
}

/**
 * Asks the provider for a refund that is pending (just made) or failed (asked again): the key
 * names the order, so a refund retried after a timeout is answered with the first. Only the call
 * that moves a failed refund back to pending asks again. Never throws for the provider: a refusal
 * leaves the refund failed, to be asked again from the console.
 */
async function askProvider(deps: OrderDeps, order: Order, adjustment: OrderAdjustment): Promise<OrderAdjustment> {
  const { db } = deps;
  if (adjustment.refund_status !== "pending" || mayAskAgain(adjustment)) {
    // Asking again: only the call that moves it from what it read to pending asks.
    const claimed = await db
      .updateTable("order_adjustments")
      .set({ refund_status: "pending", asked_at: Date.now() })
      .where("order_id", "=", order.id)
      .where("kind", "=", "refund")
      .where("refund_status", "=", adjustment.refund_status)
      .where((eb) => (adjustment.asked_at === null ? eb("asked_at", "is", null) : eb("asked_at", "=", adjustment.asked_at)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw refused("refund", order, adjustment);
  }
  let update: Pick<OrderAdjustment, "refund_status" | "refund_id">;
  let event: [string, string];
  try {
    const refund = await deps.adapter.refund(
      order.provider_payment_id ?? "",
      { cents: adjustment.amount_cents, currency: order.currency },
      `Refund of ${order.id}`,
      `refund:${order.id}`,
    );
    update = { refund_status: "refunded", refund_id: refund.id };
    event = ["refund_sent", refund.id];
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 300) : String(error);
    console.error(`staff refund of ${order.id}:`, message);
    update = { refund_status: "failed", refund_id: null };
    event = ["refund_failed", message];
  }
  await runBatch(deps.d1, [
    // A refund made is never marked failed by a slower call that lost a race.
    db
      .updateTable("order_adjustments")
      .set(update)
      .where("order_id", "=", order.id)
      .where("kind", "=", "refund")
      .where("refund_status", "!=", "refunded"),
    db.insertInto("order_events").values({ order_id: order.id, event: event[0], detail: event[1], at: Date.now() }),
  ]);
  return { ...adjustment, ...update };
}
