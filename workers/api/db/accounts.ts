/**
 * Writes to a member's own account row (and what goes with them in one batch): the password,
 * the address, push, what a member edits on their profile. Every batch here is one D1
 * transaction, all of it or none (db/client.ts runBatch).
 */
import type { Insertable } from "kysely";
import { mailproviderOf } from "../../../contract/rules/signup";
import { runBatch, type Db } from "./client";
import { endLinksStatement, endNewerRescuesStatement } from "./one-time-links";
import type { MembersTable } from "./schema";

export interface StoredPassword {
  hash: string;
  salt: string;
  iterations: number;
}

/** A new member; answers its id. Throws on the unique (site, email) index when the address is taken. */
export async function insertMember(db: Db, values: Insertable<MembersTable>): Promise<number> {
  const row = await db.insertInto("members").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the columns a member edits on their profile (PUT /api/user.php). */
export async function updateMember(db: Db, memberId: number, update: Record<string, string | number | null>): Promise<void> {
  await db.updateTable("members").set(update).where("id", "=", memberId).execute();
}

/** When the member was last seen. */
export async function touchLastSeen(db: Db, memberId: number, now = Date.now()): Promise<void> {
  await db.updateTable("members").set({ last_seen: now }).where("id", "=", memberId).execute();
}

/** 'denied': push is not offered again; null: the member has (or may get) a subscription. */
export async function setPushState(db: Db, memberId: number, state: "denied" | null): Promise<void> {
  await db.updateTable("members").set({ push_state: state }).where("id", "=", memberId).execute();
}

/** Push off, in one batch: every subscription of the member goes, and push is not offered again. */
export async function turnPushOff(d1: D1Database, db: Db, memberId: number): Promise<void> {
  await runBatch(d1, [
    db.deleteFrom("push_subscriptions").where("member_id", "=", memberId),
    db.updateTable("members").set({ push_state: "denied" }).where("id", "=", memberId),
  ]);
}

/** The member's new password (the caller ends sessions and links as its rule says). */
export async function setPassword(db: Db, memberId: number, password: StoredPassword): Promise<void> {
  await db
    .updateTable("members")
    .set({ password_hash: password.hash, password_salt: password.salt, password_iterations: password.iterations })
    .where("id", "=", memberId)
    .execute();
}

/** The member behind an activation link, any status (the caller refuses a deleted one). */
export function findActivationTarget(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("members")
    .select(["id", "email", "status", "activated_at"])
    .where("id", "=", memberId)
    .where("site_id", "=", siteId)
    .executeTakeFirst();
}

/** The address proven by an activation link: activated now (if not before), and active if not yet confirmed. */
export async function confirmAddress(
  db: Db,
  member: { id: number; status: string; activated_at: number | null },
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable("members")
    .set({
      activated_at: member.activated_at ?? now,
      ...(member.status === "not_confirmed" ? { status: "active" as const } : {}),
    })
    .where("id", "=", member.id)
    .where("status", "!=", "deleted")
    .execute();
}

/** The delivery state of the member's newest activation mail on this site, or undefined. */
export function newestActivationMail(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["delivered_at", "failed_at"])
    .where("member_id", "=", memberId)
    .where("site_id", "=", siteId)
    .where("kind", "=", "activation")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * A confirmed email change, in one batch: the new address (proven by the mailed link, so the
 * account counts as confirmed), the member's other change and reset links end, and a notice.
 * Throws on the unique (site, email) index when the address was taken meanwhile.
 */
export async function changeEmail(
  d1: D1Database,
  db: Db,
  change: { memberId: number; siteId: number; email: string },
  now = Date.now(),
): Promise<void> {
  const { memberId, siteId, email } = change;
  await runBatch(d1, [
    db
      .updateTable("members")
      .set({ email, mailprovider: mailproviderOf(email) })
      .where("id", "=", memberId)
      .where("site_id", "=", siteId)
      .where("status", "!=", "deleted"),
    db.updateTable("members").set({ status: "active" }).where("id", "=", memberId).where("status", "=", "not_confirmed"),
    db.updateTable("members").set({ activated_at: now }).where("id", "=", memberId).where("activated_at", "is", null),
    // Reset links went to the old address.
    endLinksStatement(db, "email_change", memberId, now),
    endLinksStatement(db, "password_reset", memberId, now),
    db.insertInto("notices").values({ member_id: memberId, kind: "email_changed", created_at: now, read_at: null }),
  ]);
}

/**
 * A password set with a reset link, in one batch: every session ends, the address counts as
 * proven (the link came through the mail), and the member's reset and email-change links end
 * (a pending change may have been asked for by whoever had the old password).
 */
export async function resetPassword(
  d1: D1Database,
  db: Db,
  reset: { memberId: number; siteId: number; password: StoredPassword },
  now = Date.now(),
): Promise<void> {
  const { memberId, siteId, password } = reset;
  await runBatch(d1, [
    db
      .updateTable("members")
      .set({
        password_hash: password.hash,
        password_salt: password.salt,
        password_iterations: password.iterations,
      })
      .where("id", "=", memberId)
      .where("site_id", "=", siteId)
      .where("status", "!=", "deleted"),
    db.deleteFrom("sessions").where("member_id", "=", memberId),
    db.updateTable("members").set({ status: "active" }).where("id", "=", memberId).where("status", "=", "not_confirmed"),
    db
      .updateTable("members")
      .set({ activated_at: now })
      .where("id", "=", memberId)
      .where("activated_at", "is", null)
      .where("status", "!=", "deleted"),
    endLinksStatement(db, "password_reset", memberId, now),
    endLinksStatement(db, "email_change", memberId, now),
  ]);
}

/**
 * A used rescue link, in one batch (domain/account-rescue.ts has the rule): the old address back
 * (`restore`, when given), no password, no session, no pending change or reset, and the rescue
 * links made since `since` ended. Throws on the unique (site, email) index when `restore` is taken.
 */
export async function lockAccountForRescue(
  d1: D1Database,
  db: Db,
  rescue: { memberId: number; siteId: number; restore: string | null; since: number },
  now = Date.now(),
): Promise<void> {
  const { memberId, siteId, restore } = rescue;
  await runBatch(d1, [
    ...(restore !== null
      ? [
          db
            .updateTable("members")
            .set({ email: restore, mailprovider: mailproviderOf(restore) })
            .where("id", "=", memberId)
            .where("site_id", "=", siteId),
        ]
      : []),
    db
      .updateTable("members")
      .set({ password_hash: null, password_salt: null, password_iterations: null })
      .where("id", "=", memberId)
      .where("site_id", "=", siteId),
    db.deleteFrom("sessions").where("member_id", "=", memberId),
    endLinksStatement(db, "email_change", memberId, now),
    endLinksStatement(db, "password_reset", memberId, now),
    endNewerRescuesStatement(db, memberId, rescue.since, now),
  ]);
}
