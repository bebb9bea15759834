/**
 * Blocks (docs/product.md "Trust and safety"): a block works both ways. Every list that shows
 * members to a member (search, likes, chats, notifications) leaves out those either of the two
 * has blocked, with this one condition.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "./client";

/**
 * True when neither `viewer` nor the member in `column` (e.g. "m.id") has blocked the other.
 * Both branches are index lookups: the primary key (member_id, blocked_id) and blocks_blocked.
 */
export function notBlocked(viewer: number, column: string) {
  const other = sql.ref(column);
  return sql<SqlBool>`not exists (select 1 from blocks as bl where (bl.member_id = ${viewer} and bl.blocked_id = ${other}) or (bl.member_id = ${other} and bl.blocked_id = ${viewer}))`;
}

/**
 * The ids a member's search leaves out, as a subquery for `not in`: their own, and everyone
 * either of the two has blocked — the same members notBlocked leaves out. SQLite builds this
 * small set once per query, where notBlocked costs two lookups for every row it looks at; the
 * search looks at thousands (docs/decisions/031).
 */
export function hiddenFrom(db: Db, viewer: number) {
  return db
    .selectFrom("blocks")
    .select("blocked_id as id")
    .where("member_id", "=", viewer)
    .unionAll(db.selectFrom("blocks").select("member_id as id").where("blocked_id", "=", viewer))
    .unionAll(db.selectNoFrom((eb) => eb.val(viewer).as("id")));
}

/** Whether either of the two members has blocked the other. */
export async function blockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom("blocks")
    .select("member_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("member_id", "=", a), eb("blocked_id", "=", b)]),
        eb.and([eb("member_id", "=", b), eb("blocked_id", "=", a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
