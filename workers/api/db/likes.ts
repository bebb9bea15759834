/**
 * Likes (docs/product.md §4): given, taken back, seen, and listed as cards.
 *
 * Which received likes count (issue 29 point 19): one rule for the new-likes
 * badge, the push badge and the liked_by list, so a badge never promises a like the list does
 * not show. A like counts while its giver is an active member (sign-up finished and confirmed,
 * not deleted) and neither of the two has blocked the other.
 */
import { sql, type SqlBool } from "kysely";
import { notBlocked } from "./blocks";
import type { Db } from "./client";
import { selectCards } from "./profiles";

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

/** The cards of the members `memberId` likes, with when, newest first. */
export function likedCards(db: Db, memberId: number, limit: number) {
  return selectCards(db, memberId)
    .innerJoin("likes as mine", (join) => join.onRef("mine.profile_id", "=", "m.id").on("mine.member_id", "=", memberId))
    .select("mine.created_at as liked_at")
    .orderBy("mine.created_at", "desc")
    .limit(limit)
    .execute();
}

/** The cards of the members who like `memberId` and count (likeCounts), with when and whether seen, newest first. */
export function likedByCards(db: Db, memberId: number, limit: number) {
  return selectCards(db, memberId)
    .innerJoin("likes as theirs", (join) => join.onRef("theirs.member_id", "=", "m.id").on("theirs.profile_id", "=", memberId))
    .where(likeCounts(memberId, "theirs.member_id"))
    .select(["theirs.created_at as liked_at", "theirs.is_new"])
    .orderBy("theirs.created_at", "desc")
    .limit(limit)
    .execute();
}

/** Writes the like; false when it was there already (a like is one row, however often given). */
export async function insertLike(db: Db, memberId: number, profileId: number, now = Date.now()): Promise<boolean> {
  const inserted = await db
    .insertInto("likes")
    .values({ member_id: memberId, profile_id: profileId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteLike(db: Db, memberId: number, profileId: number): Promise<void> {
  await db.deleteFrom("likes").where("member_id", "=", memberId).where("profile_id", "=", profileId).execute();
}

/** Whether `memberId` likes `profileId`; with `unseenOnly`, a like `profileId` has not seen yet. */
export async function hasLiked(db: Db, memberId: number, profileId: number, unseenOnly = false): Promise<boolean> {
  let query = db.selectFrom("likes").select("member_id").where("member_id", "=", memberId).where("profile_id", "=", profileId);
  if (unseenOnly) query = query.where("is_new", "=", 1);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}

/** The like `likerId` gave `memberId` is seen (docs/product.md §4: opening the liker's profile). */
export async function markLikeSeen(db: Db, likerId: number, memberId: number): Promise<void> {
  await db.updateTable("likes").set({ is_new: 0 }).where("member_id", "=", likerId).where("profile_id", "=", memberId).execute();
}

/** Every like the member received is seen. */
export async function markLikesSeen(db: Db, memberId: number): Promise<void> {
  await db.updateTable("likes").set({ is_new: 0 }).where("profile_id", "=", memberId).where("is_new", "=", 1).execute();
}
