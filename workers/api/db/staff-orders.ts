/**
 * The staff console's order queries (docs/product.md §16.3, ADR 048): finding orders on the
 * admin's sites, an order's history, the ledger rows it made, and the refunds and chargebacks
 * admins recorded (order_adjustments, migration 0030). The rules are domain/order-adjustments.ts.
 */
import type { Selectable } from "kysely";
import type { Db } from "./client";
import type { OrderAdjustmentsTable } from "./schema";

export type OrderAdjustment = Selectable<OrderAdjustmentsTable>;

/** Whose sites: one site's (its id) or every site's (null, platform staff). */
type Scope = number | null;

/** How the search was read: nothing typed, an order's reference, a member's id or address. */
export type OrderSearch =
  | { by: "recent" }
  | { by: "order"; id: string }
  | { by: "member"; id: number }
  | { by: "email"; email: string };

/**
 * The orders on the scope that match, newest first, with the member's address and the discount
 * code's text; `limit` + 1 rows are read so the caller knows whether there were more.
 */
export function searchOrders(db: Db, scope: Scope, search: OrderSearch, limit: number) {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("members as m", "m.id", "o.member_id")
    .leftJoin("discount_codes as d", "d.id", "o.discount_code_id")
    // A credits-bonus code's text (migration 0035, docs/decisions/054).
    .leftJoin("discount_codes as b", "b.id", "o.bonus_code_id")
    .selectAll("o")
    .select(["m.email as member_email", "d.code as discount_code", "b.code as bonus_code"]);
  if (scope !== null) query = query.where("o.site_id", "=", scope);
  if (search.by === "order") query = query.where("o.id", "=", search.id);
  if (search.by === "member") query = query.where("o.member_id", "=", search.id);
  if (search.by === "email") query = query.where("m.email", "=", search.email);
  return query
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(limit + 1)
    .execute();
}

/** One order with its member's name, address and the discount code's text. */
export function findStaffOrder(db: Db, id: string) {
  return (
    db
      .selectFrom("orders as o")
      .innerJoin("members as m", "m.id", "o.member_id")
      .leftJoin("discount_codes as d", "d.id", "o.discount_code_id")
      // A credits-bonus code's text (migration 0035, docs/decisions/054).
      .leftJoin("discount_codes as b", "b.id", "o.bonus_code_id")
      .selectAll("o")
      .select(["m.email as member_email", "m.name as member_name", "d.code as discount_code", "b.code as bonus_code"])
      .where("o.id", "=", id)
      .executeTakeFirst()
  );
}

/** The order's history, oldest first. */
export function orderEvents(db: Db, orderId: string) {
  return db.selectFrom("order_events").select(["event", "detail", "at"]).where("order_id", "=", orderId).orderBy("id").execute();
}

/**
 * The ledger rows the order made, oldest first: the rows with one of `keys`, or whose key starts
 * with one of `prefixes` (a chargeback's key ends in the total charged back).
 */
export function ledgerRowsOf(db: Db, memberId: number, keys: string[], prefixes: string[]) {
  return db
    .selectFrom("credit_ledger")
    .select(["amount", "reason", "created_at"])
    .where("member_id", "=", memberId)
    .where((eb) =>
      eb.or([
        ...(keys.length > 0 ? [eb("idempotency_key", "in", keys)] : []),
        ...prefixes.map((prefix) =>
          eb(eb.fn<string>("substr", [eb.ref("idempotency_key"), eb.lit(1), eb.val(prefix.length)]), "=", prefix),
        ),
      ]),
    )
    .orderBy("id")
    .execute();
}

/** The refunds and chargebacks admins recorded for the order, with who. */
export function listAdjustments(db: Db, orderId: string) {
  return db
    .selectFrom("order_adjustments as a")
    .leftJoin("staff as s", "s.id", "a.staff_id")
    .select([
      "a.kind",
      "s.name as staff_name",
      "a.reason",
      "a.amount_cents",
      "a.credits_taken",
      "a.refund_status",
      "a.asked_at",
      "a.created_at",
    ])
    .where("a.order_id", "=", orderId)
    .orderBy("a.created_at")
    .execute();
}

export function findAdjustment(db: Db, orderId: string, kind: OrderAdjustment["kind"]): Promise<OrderAdjustment | undefined> {
  return db
    .selectFrom("order_adjustments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("kind", "=", kind)
    .executeTakeFirst();
}
