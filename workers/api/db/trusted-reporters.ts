/**
 * The queries of trusted reporters (docs/decisions/058): who reported a member for scam or spam
 * lately with a good record, the pause (a case of kind 'pause' and its automated decision, written
 * in one batch guarded by the unique index of migrations/0038), and whether a pause is in force.
 */
import { sql } from "kysely";
import { PAUSE_CATEGORIES } from "../../../contract/rules/trusted-reporters";
import type { Db } from "./client";
import { signingModeratorId } from "./staff";

const AUTOMATED_EMAIL = "automated@localhost.invalid";

/** The staff account that signs automated decisions (written the first time); its name is what the console shows. */
export function automatedModeratorId(db: Db, now: number): Promise<number> {
  return signingModeratorId(db, { email: AUTOMATED_EMAIL, name: "Automated (trusted reporters)" }, now);
}

export interface TrustWindow {
  /** Reports counted from here (now − 24 h). */
  since: number;
  /** Reporters' accounts made before this (now − 7 days). */
  madeBefore: number;
  /** No report of theirs dismissed after this (now − 90 days). */
  cleanSince: number;
}

/**
 * The references of the latest scam or spam report by each trusted reporter of the member since
 * `since`, any site. Trusted: confirmed (active), not fictional, not banned, not paused themselves,
 * old enough, and no report of theirs dismissed lately.
 */
export async function trustedReportsAbout(db: Db, memberId: number, window: TrustWindow) {
  const categories = sql.join(PAUSE_CATEGORIES.map((category) => sql`${category}`));
  const result = await sql<{ reporter_id: number; reference: string }>`
    select c.reporter_id, max(c.reference) as reference from moderation_cases c
    join members m on m.id = c.reporter_id
    where c.subject_member_id = ${memberId} and c.kind = 'report' and c.category in (${categories})
      and c.created_at >= ${window.since}
      and m.status = 'active' and m.is_fictional = 0 and m.ban_decision_id is null and m.signup_date <= ${window.madeBefore}
      and not exists (select 1 from moderation_cases d
        where d.reporter_id = m.id and d.state = 'dismissed' and d.updated_at >= ${window.cleanSince})
      and not exists (select 1 from moderation_cases p
        where p.subject_member_id = m.id and p.kind = 'pause' and p.state = 'open')
    group by c.reporter_id`.execute(db);
  return result.rows;
}

export interface NewPause {
  reference: string;
  memberId: number;
  category: string;
  /** The case's facts for the console (the reports' references). */
  explanation: string;
  /** The statement of reasons the member is given (DSA art. 17). */
  reason: string;
  staffId: number;
  appealUntil: number;
  now: number;
}

/**
 * Writes the pause in one batch: the case (INSERT OR IGNORE: the partial unique index allows one
 * open pause per member, so concurrent reports write one), then its decision and the audit line
 * only when this case was written. True when this call paused the member. A banned member is not
 * paused (a ban stops more already).
 */
export async function insertPause(d1: D1Database, pause: NewPause): Promise<boolean> {
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO moderation_cases
           (reference, site_id, kind, state, category, explanation, subject_kind, subject_member_id, good_faith, created_at, updated_at)
         SELECT ?, site_id, 'pause', 'open', ?, ?, 'profile', id, 0, ?, ? FROM members WHERE id = ? AND ban_decision_id IS NULL`,
      )
      .bind(pause.reference, pause.category, pause.explanation, pause.now, pause.now, pause.memberId),
    d1
      .prepare(
        `INSERT INTO moderation_decisions
           (site_id, member_id, case_id, appeal_id, action, category, reason, image_id, staff_id, appeal_until, created_at, token)
         SELECT site_id, subject_member_id, id, NULL, 'pause', category, ?, NULL, ?, ?, ?, ?
         FROM moderation_cases WHERE reference = ? AND kind = 'pause'`,
      )
      .bind(pause.reason, pause.staffId, pause.appealUntil, pause.now, crypto.randomUUID(), pause.reference),
    d1
      .prepare(
        `INSERT INTO staff_audit (site_id, staff_id, action, member_id, case_id, decision_id, detail, created_at)
         SELECT d.site_id, d.staff_id, 'decision', d.member_id, d.case_id, d.id, ?, ? FROM moderation_decisions d
         JOIN moderation_cases c ON c.id = d.case_id WHERE c.reference = ? AND d.action = 'pause'`,
      )
      .bind(JSON.stringify({ action: "pause", category: pause.category, automated: true }), pause.now, pause.reference),
  ]);
  return results[0]?.meta.changes === 1;
}

/** The pause in force on the member (its case is open), if any. */
export function findOpenPause(db: Db, memberId: number) {
  return db
    .selectFrom("moderation_cases")
    .select(["id", "reference"])
    .where("subject_member_id", "=", memberId)
    .where("kind", "=", "pause")
    .where("state", "=", "open")
    .executeTakeFirst();
}

/** Ends a pause whose decision was reversed on appeal (the case closes as dismissed). */
export function liftPauseOfDecisionStatement(d1: D1Database, decisionId: number, token: string, now: number) {
  return d1
    .prepare(
      `UPDATE moderation_cases SET state = 'dismissed', updated_at = ?
       WHERE kind = 'pause' AND state = 'open' AND id = (SELECT case_id FROM moderation_decisions WHERE id = ?)
       AND EXISTS (SELECT 1 FROM moderation_decisions WHERE token = ?)`,
    )
    .bind(now, decisionId, token);
}
