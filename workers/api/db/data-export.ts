/** What the data export (GET /api/user_export.php, endpoints/account.ts) reads about the member, one query each. */
import type { Db } from "./client";

export function photosOf(db: Db, memberId: number) {
  return db
    .selectFrom("images")
    .select(["id", "filename", "created_at"])
    .where("member_id", "=", memberId)
    .orderBy("position")
    .execute();
}

/** The profiles the member liked, oldest first. */
export function likesGivenBy(db: Db, memberId: number) {
  return db
    .selectFrom("likes as l")
    .innerJoin("members as m", "m.id", "l.profile_id")
    .select(["l.profile_id", "m.name", "l.created_at"])
    .where("l.member_id", "=", memberId)
    .orderBy("l.created_at")
    .execute();
}

/** Who liked the member, oldest first. */
export function likesReceivedBy(db: Db, memberId: number) {
  return db
    .selectFrom("likes as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.member_id as profile_id", "m.name", "l.created_at"])
    .where("l.profile_id", "=", memberId)
    .orderBy("l.created_at")
    .execute();
}

export function noticesOf(db: Db, memberId: number) {
  return db
    .selectFrom("notices")
    .select(["kind", "created_at", "read_at"])
    .where("member_id", "=", memberId)
    .orderBy("created_at")
    .execute();
}

export function pushSubscriptionsOf(db: Db, memberId: number) {
  return db.selectFrom("push_subscriptions").select(["endpoint", "created_at"]).where("member_id", "=", memberId).execute();
}

export function sessionsOf(db: Db, memberId: number) {
  return db.selectFrom("sessions").select(["created_at", "expires_at"]).where("member_id", "=", memberId).execute();
}

export function messagesSentBy(db: Db, memberId: number) {
  return db
    .selectFrom("messages")
    .select(["conversation_id as conversation", "body as text", "created_at"])
    .where("sender_id", "=", memberId)
    .orderBy("id")
    .execute();
}

export function appealsOf(db: Db, memberId: number) {
  return db
    .selectFrom("appeals")
    .select(["reference", "decision_id", "text", "state", "created_at"])
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
}
