/** Order queries (docs/product.md §10; the rules are domain/orders.ts and withdrawals.ts). */
import { type Selectable, sql } from "kysely";
import type { Db } from "./client";
import type { OrdersTable } from "./schema";

export type Order = Selectable<OrdersTable>;

export function findOrder(db: Db, id: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The member's order made with this key (the order summary page's, or a renewal's period). */
export function findOrderByKey(db: Db, memberId: number, key: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("member_id", "=", memberId).where("create_key", "=", key).executeTakeFirst();
}

/** The order a provider's payment belongs to. */
export function findOrderByPayment(db: Db, provider: string, paymentId: string): Promise<Order | undefined> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("provider_payment_id", "=", paymentId)
    .where("provider", "=", provider)
    .executeTakeFirst();
}

/** The member's last paid order of credits (for "repeat order"). */
export function latestPaidCreditsOrder(db: Db, memberId: number, siteId: number) {
  return db
    .selectFrom("orders")
    .select(["product_id", "method", "country"])
    .where("member_id", "=", memberId)
    .where("site_id", "=", siteId)
    .where("product", "=", "credits")
    .where("status", "=", "paid")
    .orderBy(sql`paid_at`, "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * The member's purchases on the site paid after `since`, newest first: paid or withdrawn from,
 * renewals left out (the right of withdrawal belongs to the first purchase).
 */
export function purchasesPaidSince(db: Db, memberId: number, siteId: number, since: number): Promise<Order[]> {
  return db
    .selectFrom("orders")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("site_id", "=", siteId)
    .where("sequence", "!=", "recurring")
    .where("status", "in", ["paid", "withdrawn"])
    .where("paid_at", ">", since)
    .orderBy("paid_at", "desc")
    .execute();
}

/** An entry of the order's history (order_events), as a statement for a batch. */
export function orderEvent(db: Db, orderId: string, name: string, detail: string | null = null) {
  return db.insertInto("order_events").values({ order_id: orderId, event: name, detail, at: Date.now() });
}

/** An event written once per order and name, whatever number of calls try (a batch statement). */
export function orderEventOnce(db: Db, orderId: string, name: string, detail: string | null = null) {
  return db
    .insertInto("order_events")
    .columns(["order_id", "event", "detail", "at"])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(orderId).as("order_id"),
          eb.val(name).as("event"),
          eb.val(detail).as("detail"),
          eb.val(Date.now()).as("at"),
        ])
        .where((eb) =>
          eb.not(eb.exists(db.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("event", "=", name))),
        ),
    );
}
