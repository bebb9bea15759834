/**
 * The statements and queries of bans across sites (domain/bans.ts has the rules,
 * docs/decisions/040). Statements that join a decision's batch run only when the decision with
 * the request's token exists, like the rest of that batch. A flat photo's hash (one colour) is
 * never a mark: every such photo has it.
 */
import { FLAT_HASH } from "../images/photo-hash";
import type { Db } from "./client";

/** The SQL condition that the decision of this request exists (bind the token). */
const TOKEN_EXISTS = "EXISTS (SELECT 1 FROM moderation_decisions WHERE token = ?)";
const DECISION_OF_TOKEN = "(SELECT id FROM moderation_decisions WHERE token = ?)";

/**
 * The statements a ban adds to its decision's batch (after the member's own ban_decision_id is
 * set): the same address on the other sites under the same ban, the marks (`identity`: the
 * address's identity key), and every covered account logged out.
 */
export function banStatements(
  d1: D1Database,
  input: { memberId: number; address: { email: string; identity: string } | null; token: string },
): D1PreparedStatement[] {
  const { memberId, address, token } = input;
  const statements: D1PreparedStatement[] = [];
  if (address) {
    statements.push(
      // (site_id IN … walks the (site_id, email) unique index once per site.)
      d1
        .prepare(
          `UPDATE members SET ban_decision_id = ${DECISION_OF_TOKEN}
           WHERE site_id IN (SELECT id FROM sites) AND email = ? AND id != ?
             AND ban_decision_id IS NULL AND status != 'deleted' AND ${TOKEN_EXISTS}`,
        )
        .bind(token, address.email, memberId, token),
      d1
        .prepare(
          `INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
           SELECT 'email', ?, ?, id FROM moderation_decisions WHERE token = ?`,
        )
        .bind(address.identity, memberId, token),
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
    // Their next request is a visitor's.
    d1
      .prepare(`DELETE FROM sessions WHERE member_id IN (SELECT id FROM members WHERE ban_decision_id = ${DECISION_OF_TOKEN})`)
      .bind(token),
  );
  return statements;
}

/** Lifting ban `banId` in the batch of the decision with `token`: its accounts are free, its marks gone. */
export function liftStatements(d1: D1Database, banId: number, token: string): D1PreparedStatement[] {
  return [
    d1.prepare(`UPDATE members SET ban_decision_id = NULL WHERE ban_decision_id = ? AND ${TOKEN_EXISTS}`).bind(banId, token),
    d1.prepare(`DELETE FROM ban_marks WHERE decision_id = ? AND ${TOKEN_EXISTS}`).bind(banId, token),
  ];
}

/** The accounts ban `banId` covers. */
export async function membersUnderBan(db: Db, banId: number): Promise<number[]> {
  const rows = await db.selectFrom("members").select("id").where("ban_decision_id", "=", banId).execute();
  return rows.map((row) => row.id);
}

/** The ban that marks this address identity key, on any site, or null. */
export async function banMarkingAddress(db: Db, identity: string): Promise<number | null> {
  const row = await db
    .selectFrom("ban_marks")
    .select("decision_id")
    .where("kind", "=", "email")
    .where("value", "=", identity)
    .executeTakeFirst();
  return row?.decision_id ?? null;
}

/** Whether a ban marks this photo hash (any site). */
export async function isMarkedPhoto(db: Db, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom("ban_marks")
    .select("decision_id")
    .where("kind", "=", "photo")
    .where("value", "=", hash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Puts member `memberId` under ban `banId`, in one batch: its sessions end and its photos are marked. */
export async function joinBan(d1: D1Database, banId: number, memberId: number): Promise<void> {
  await d1.batch([
    d1.prepare("UPDATE members SET ban_decision_id = ? WHERE id = ? AND ban_decision_id IS NULL").bind(banId, memberId),
    d1.prepare("DELETE FROM sessions WHERE member_id = ?").bind(memberId),
    d1
      .prepare(
        `INSERT OR IGNORE INTO ban_marks (kind, value, member_id, decision_id)
         SELECT 'photo', hash, member_id, ? FROM images WHERE member_id = ? AND hash IS NOT NULL AND hash != ?`,
      )
      .bind(banId, memberId, FLAT_HASH),
  ]);
}
