/**
 * One ban per person across the operator's sites (docs/product.md "Bans across sites",
 * docs/decisions/040). A ban decision (domain/moderation.ts) also, in its own batch:
 *
 * - bans the person's accounts on the other sites of this database (the same normalised address)
 *   under the same decision, and ends their sessions;
 * - writes the ban's marks: the identity key of the address (lib/email.ts emailIdentity) and the
 *   hash of every photo of those accounts (images/photo-hash.ts), so a sign-up, an address change
 *   or a photo upload that matches is refused on every site.
 *
 * Lifting the ban (an unban, an appeal reversed) clears the decision from every account that
 * carries it and deletes its marks. Every statement runs only when the decision with the
 * request's token exists (`guard`), like the rest of a decision's batch.
 */
import { emailIdentity } from "../lib/email";
import { FLAT_HASH } from "../images/photo-hash";
import type { Db } from "../db/client";
import { closeInboxes } from "../durable-objects/inbox";

/** The SQL condition that the decision of this request exists (bind the token). */
const TOKEN_EXISTS = "EXISTS (SELECT 1 FROM moderation_decisions WHERE token = ?)";
const DECISION_OF_TOKEN = "(SELECT id FROM moderation_decisions WHERE token = ?)";

/** The statements a ban adds to its decision's batch (after the member's own ban_decision_id is set). */
export function banStatements(
  d1: D1Database,
  input: { memberId: number; email: string | null; token: string },
): D1PreparedStatement[] {
  const { memberId, email, token } = input;
  const statements: D1PreparedStatement[] = [];
  if (email) {
    statements.push(
      // The same address on the other sites: the same person, the same ban. (site_id IN … walks
      // the (site_id, email) unique index once per site.)
      d1
        .prepare(
          `UPDATE members SET ban_decision_id = ${DECISION_OF_TOKEN}
           WHERE site_id IN (SELECT id FROM sites) AND email = ? AND id != ?
             AND ban_decision_id IS NULL AND status != 'deleted' AND ${TOKEN_EXISTS}`,
        )
        .bind(token, email, memberId, token),
      d1
        .prepare(
          `INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
           SELECT 'email', ?, ?, id FROM moderation_decisions WHERE token = ?`,
        )
        .bind(emailIdentity(email), memberId, token),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
         SELECT 'photo', i.hash, i.member_id, m.ban_decision_id FROM images i JOIN members m ON m.id = i.member_id
         WHERE m.ban_decision_id = ${DECISION_OF_TOKEN} AND i.hash IS NOT NULL AND i.hash != ?`,
      )
      .bind(token, FLAT_HASH),
    // Every account under this ban is logged out now (their next request is a visitor's).
    d1
      .prepare(`DELETE FROM sessions WHERE member_id IN (SELECT id FROM members WHERE ban_decision_id = ${DECISION_OF_TOKEN})`)
      .bind(token),
  );
  return statements;
}

/**
 * Lifting a ban, in the batch of the decision that lifts it: every account the ban covers is free
 * again and its marks are gone. `banId`: the ban decision being lifted.
 */
export function liftStatements(d1: D1Database, banId: number, token: string): D1PreparedStatement[] {
  return [
    d1.prepare(`UPDATE members SET ban_decision_id = NULL WHERE ban_decision_id = ? AND ${TOKEN_EXISTS}`).bind(banId, token),
    d1.prepare(`DELETE FROM ban_marks WHERE decision_id = ? AND ${TOKEN_EXISTS}`).bind(banId, token),
  ];
}

/** The accounts a ban covers (its own member and the same person on the other sites). */
export async function accountsUnderBan(db: Db, banId: number): Promise<number[]> {
  const rows = await db.selectFrom("members").select("id").where("ban_decision_id", "=", banId).execute();
  return rows.map((row) => row.id);
}

/** The ban an address is marked with, on any site (its identity key), or null. */
export async function banOfAddress(db: Db, email: string): Promise<number | null> {
  const row = await db
    .selectFrom("ban_marks")
    .select("decision_id")
    .where("kind", "=", "email")
    .where("value", "=", emailIdentity(email))
    .executeTakeFirst();
  return row?.decision_id ?? null;
}

/** Whether a photo with this hash belongs to a banned account (any site). */
export async function isBannedPhoto(db: Db, hash: string): Promise<boolean> {
  if (hash === FLAT_HASH) return false;
  const row = await db
    .selectFrom("ban_marks")
    .select("decision_id")
    .where("kind", "=", "photo")
    .where("value", "=", hash)
    .executeTakeFirst();
  return row !== undefined;
}

/** After a ban's batch: the live sockets of every account it covers are closed (docs/decisions/040). */
export async function closeSocketsOfBan(env: ApiEnv, db: Db, banId: number): Promise<void> {
  await closeInboxes(env, await accountsUnderBan(db, banId));
}

/**
 * An account whose address a ban marks but which the ban did not reach (another spelling of the
 * address: a +tag, Gmail's dots) joins that ban when it logs in: its other sessions end and its
 * photos are marked too. Answers the ban's id, or null when the address is not marked.
 */
export async function joinBanAtLogin(
  d1: D1Database,
  db: Db,
  member: { id: number; email: string | null; ban_decision_id: number | null; is_fictional: number },
): Promise<number | null> {
  if (member.ban_decision_id !== null || member.is_fictional === 1 || !member.email) return null;
  const banId = await banOfAddress(db, member.email);
  if (banId === null) return null;
  await d1.batch([
    d1.prepare("UPDATE members SET ban_decision_id = ? WHERE id = ? AND ban_decision_id IS NULL").bind(banId, member.id),
    d1.prepare("DELETE FROM sessions WHERE member_id = ?").bind(member.id),
    d1
      .prepare(
        `INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
         SELECT 'photo', hash, member_id, ? FROM images WHERE member_id = ? AND hash IS NOT NULL AND hash != ?`,
      )
      .bind(banId, member.id, FLAT_HASH),
  ]);
  return banId;
}
