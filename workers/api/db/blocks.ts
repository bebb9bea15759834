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

/** The members `memberId` has blocked, newest block first (a deleted member with nothing personal). */
export async function listBlocked(db: Db, memberId: number, limit: number) {
  const rows = await db
    .selectFrom("blocks as b")
    .innerJoin("members as m", "m.id", "b.blocked_id")
    .leftJoin("images as i", "i.id", "m.main_image_id")
    .select(["m.id", "m.name", "m.status", "i.filename", "b.created_at"])
    .where("b.member_id", "=", memberId)
    .orderBy("b.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.status === "deleted" ? "" : row.name,
    main_image: row.status !== "deleted" && row.filename ? { thumb_filename: row.filename } : null,
    blocked_at: row.created_at,
  }));
}

/** The primary key makes a repeated or concurrent block one row. */
export async function insertBlock(db: Db, memberId: number, blockedId: number, now = Date.now()): Promise<void> {
  await db
    .insertInto("blocks")
    .values({ member_id: memberId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteBlock(db: Db, memberId: number, blockedId: number): Promise<void> {
  await db.deleteFrom("blocks").where("member_id", "=", memberId).where("blocked_id", "=", blockedId).execute();
}
