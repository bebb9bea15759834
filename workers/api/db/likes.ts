/**
 * Which received likes count (docs/product.md §4, issue 29 point 19): one rule for the new-likes
 * badge, the push badge and the liked_by list, so a badge never promises a like the list does
 * not show. A like counts while its giver is an active member (sign-up finished and confirmed,
 * not deleted) and neither of the two has blocked the other.
 */
import { sql, type SqlBool } from "kysely";
import type { Db } from "./client";
import { notBlocked } from "./blocks";

/** The rule as a condition on a likes row: `likerColumn` is the giver's id, `memberId` the liked member. */
export function likeCounts(memberId: number, likerColumn: string) {
  const liker = sql.ref(likerColumn);
  return sql<SqlBool>`(exists (select 1 from members as liker where liker.id = ${liker} and liker.status = 'active') and ${notBlocked(memberId, likerColumn)})`;
}

/** The number of new (unseen) likes a member has received that count. */
export function newLikesQuery(db: Db, memberId: number) {
  return db
    .selectFrom("likes")
    .select((e) => e.fn.countAll<number>().as("n"))
    .where("profile_id", "=", memberId)
    .where("is_new", "=", 1)
    .where(likeCounts(memberId, "likes.member_id"));
}
