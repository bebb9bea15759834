/**
 * Premium membership (docs/product.md §10.8). A plan is a number of months, paid at once with a
 * "first" payment (which also gives the provider a mandate), then renewed at the end of each
 * period with a "recurring" payment on that mandate until the member cancels. Premium is active
 * while the current period runs; cancelling stops the renewal and the period runs to its end.
 *
 * A paid premium order extends the membership exactly once (premium_periods, keyed by the
 * order), in the batch that marks the order paid, so webhooks twice or at once extend once.
 * A month is 30 days.
 */
import { type Compilable, sql } from "kysely";
import type { Db } from "../db/client";
import type { Order } from "../db/orders";
import * as ledger from "./ledger";

export const MONTH_MS = 30 * 24 * 60 * 60 * 1000;
/** Renewals are charged this long before the period ends, so a slow bank does not leave a gap. */
export const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

// The membership row and its reading are queries the user answer needs too (db/ imports no domain/).
export { findMembership, isActive, MEMBERSHIP_COLUMNS, type Membership, premiumState } from "../db/premium-memberships";

/**
 * The statements that make a paid premium order count, for the batch that marks it paid: the
 * membership starts or moves its end on by the order's months (from its end, or from now when
 * it had ended), once per order; its bonus credits. Each is guarded by the order being paid and
 * its period not yet counted.
 */
export function periodStatements(db: Db, order: Order, now: number): Compilable[] {
  const length = order.months * MONTH_MS;
  const counted = db.selectFrom("premium_periods").select("order_id").where("order_id", "=", order.id);
  const paid = db.selectFrom("orders").select("id").where("id", "=", order.id).where("status", "=", "paid");
  const renewal = order.sequence === "recurring";
  return [
    db
      .insertInto("premium_memberships")
      .columns([
        "member_id",
        "site_id",
        "plan_id",
        "months",
        "country",
        "method",
        "started_at",
        "current_period_end",
        "renews",
        "updated_at",
      ])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(order.member_id).as("member_id"),
            eb.val(order.site_id).as("site_id"),
            eb.val(order.product_id).as("plan_id"),
            eb.val(order.months).as("months"),
            eb.val(order.country).as("country"),
            eb.val(order.method).as("method"),
            eb.val(now).as("started_at"),
            eb.val(now + length).as("current_period_end"),
            eb.val(1).as("renews"),
            eb.val(now).as("updated_at"),
          ])
          .where((eb) => eb.and([eb.exists(paid), eb.not(eb.exists(counted))])),
      )
      .onConflict((oc) =>
        oc.column("member_id").doUpdateSet((eb) => ({
          plan_id: eb.ref("excluded.plan_id"),
          months: eb.ref("excluded.months"),
          // A new subscription restarts renewal; a renewal keeps what the member chose.
          ...(renewal
            ? {}
            : { renews: 1, canceled_at: null, country: eb.ref("excluded.country"), method: eb.ref("excluded.method") }),
          renewal_failed_at: null,
          // From the end of the running period, or from now when it had ended.
          current_period_end: sql<number>`max(premium_memberships.current_period_end, ${now}) + ${length}`,
          // A membership that had ended starts again now.
          started_at: sql<number>`case when premium_memberships.current_period_end <= ${now} then ${now} else premium_memberships.started_at end`,
          updated_at: now,
        })),
      ),
    db
      .insertInto("premium_periods")
      .columns(["order_id", "member_id", "created_at"])
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(order.id).as("order_id"),
            eb.val(order.member_id).as("member_id"),
            eb.val(now).as("created_at"),
          ])
          .where((eb) => eb.exists(paid)),
      )
      .onConflict((oc) => oc.column("order_id").doNothing()),
    ...(order.credits > 0
      ? [
          ledger.grantStatement(
            db,
            ledger.ledgerEntry(order.member_id, order.credits, { kind: "premium_bonus", orderId: order.id }),
            now,
          ),
        ]
      : []),
  ];
}

/** Stops the renewal; the period runs to its end. True when this call cancelled it. */
export async function cancelRenewal(db: Db, memberId: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("premium_memberships")
    .set({ renews: 0, canceled_at: now, updated_at: now })
    .where("member_id", "=", memberId)
    .where("renews", "=", 1)
    .where("current_period_end", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's customer at the provider, made on first need. */
export async function customerFor(
  db: Db,
  adapter: { name: string; createCustomer(input: { name: string; email: string; memberId: number }): Promise<{ id: string }> },
  member: { id: number; name: string; email: string | null },
): Promise<string> {
  const stored = () =>
    db
      .selectFrom("payment_customers")
      .select("customer_id")
      .where("member_id", "=", member.id)
      .where("provider", "=", adapter.name)
      .executeTakeFirst();
  const known = await stored();
  if (known) return known.customer_id;
  const made = await adapter.createCustomer({ name: member.name, email: member.email ?? "", memberId: member.id });
  // Two first payments at once may both make one: the first stored is the member's.
  await db
    .insertInto("payment_customers")
    .values({ member_id: member.id, provider: adapter.name, customer_id: made.id, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["member_id", "provider"]).doNothing())
    .execute();
  return (await stored())?.customer_id ?? made.id;
}
