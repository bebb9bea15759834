/**
 * Staff decisions (ADR 029; docs/product.md "Moderation"). A decision is one D1 batch: the
 * decision row (the statement of reasons), the case's new state, the effect on the member and
 * the audit line. Its first statement inserts the decision only while the guard holds (the case
 * still open, the member not banned yet, the photo still there, the appeal still open); every
 * later statement runs only when the decision with this request's random token exists. So two
 * staff deciding one case at once get one decision, and the loser changes nothing.
 *
 * Effects: ban sets members.ban_decision_id and deletes every session of the member, and holds
 * for the person on every site (domain/bans.ts: their accounts elsewhere, their address and
 * photos); unban clears it from every account it covers; remove_photo moves the photo's row to removed_images (no query shows it) and its
 * files under removed/ in the bucket (no URL reaches them), so a reversed decision can restore it.
 */
import { largeKeyOf } from "../storage/photos";
import { liftPauseOfDecisionStatement } from "../db/trusted-reporters";
import { banStatements, liftStatements } from "./bans";
import type { StaffAction } from "../../../contract/staff";

/** An appeal is taken until six months after a decision against the member (DSA art. 20(1)). */
export const APPEAL_WINDOW_MS = 183 * 24 * 60 * 60 * 1000;

export interface ModerationStore {
  d1: D1Database;
  bucket: R2Bucket;
}

export interface DecisionInput {
  staffId: number;
  /** The site the decision belongs to (the member's). */
  siteId: number;
  memberId: number;
  action: StaffAction;
  category: string;
  reason: string;
  caseId?: number | null;
  /**
   * The photo a remove_photo removes. The console always names one; only the development call
   * (POST /api/dev/decision.php) writes a remove_photo without one, which removes nothing.
   */
  imageId?: number | null;
  /** The audit line's site (the case's, else the member's). */
  auditSiteId: number;
}

export type DecisionOutcome =
  | { ok: true; decisionId: number; createdAt: number; appealUntil: number | null }
  | { ok: false; reason: "already_decided" | "already_banned" | "not_banned" | "photo_gone" };

const AGAINST_MEMBER: readonly StaffAction[] = ["remove_photo", "warn", "ban"];

const tokenExists = "EXISTS (SELECT 1 FROM moderation_decisions WHERE token = ?)";
const decisionOfToken = "(SELECT id FROM moderation_decisions WHERE token = ?)";

export async function decide(store: ModerationStore, input: DecisionInput): Promise<DecisionOutcome> {
  const { d1 } = store;
  const token = crypto.randomUUID();
  const now = Date.now();
  const appealUntil = AGAINST_MEMBER.includes(input.action) ? now + APPEAL_WINDOW_MS : null;

  const guards: string[] = [];
  const guardValues: unknown[] = [];
  // A ban needs the address (its marks); an unban the ban it lifts (on every account it covers).
  const subject =
    input.action === "ban" || input.action === "unban"
      ? await d1
          .prepare("SELECT email, ban_decision_id FROM members WHERE id = ?")
          .bind(input.memberId)
          .first<{ email: string | null; ban_decision_id: number | null }>()
      : null;
  if (input.caseId) {
    guards.push("EXISTS (SELECT 1 FROM moderation_cases WHERE id = ? AND state = 'open')");
    guardValues.push(input.caseId);
  }
  if (input.action === "ban" && !input.caseId) {
    guards.push("EXISTS (SELECT 1 FROM members WHERE id = ? AND ban_decision_id IS NULL)");
    guardValues.push(input.memberId);
  }
  if (input.action === "unban") {
    // The ban read above is still the one in force (a ban lifted meanwhile: not_banned).
    guards.push("EXISTS (SELECT 1 FROM members WHERE id = ? AND ban_decision_id = ?)");
    guardValues.push(input.memberId, subject?.ban_decision_id ?? -1);
  }
  if (input.action === "remove_photo" && input.imageId) {
    guards.push("EXISTS (SELECT 1 FROM images WHERE id = ? AND member_id = ?)");
    guardValues.push(input.imageId, input.memberId);
  }

  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO moderation_decisions
           (site_id, member_id, case_id, appeal_id, action, category, reason, image_id, staff_id, appeal_until, created_at, token)
         SELECT ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guards.length ? guards.join(" AND ") : "1"}`,
      )
      .bind(
        input.siteId,
        input.memberId,
        input.caseId ?? null,
        input.action,
        input.category,
        input.reason,
        input.imageId ?? null,
        input.staffId,
        appealUntil,
        now,
        token,
        ...guardValues,
      ),
  ];
  if (input.caseId) {
    statements.push(
      d1
        .prepare(`UPDATE moderation_cases SET state = ?, updated_at = ? WHERE id = ? AND state = 'open' AND ${tokenExists}`)
        .bind(input.action === "dismiss" ? "dismissed" : "decided", now, input.caseId, token),
    );
  }
  if (input.action === "ban") {
    statements.push(
      d1
        .prepare(`UPDATE members SET ban_decision_id = ${decisionOfToken} WHERE id = ? AND ${tokenExists}`)
        .bind(token, input.memberId, token),
      // The person's other accounts, the marks, and every session of them (docs/decisions/040).
      ...banStatements(d1, { memberId: input.memberId, email: subject?.email ?? null, token }),
    );
  }
  if (input.action === "unban" && subject?.ban_decision_id) {
    statements.push(...liftStatements(d1, subject.ban_decision_id, token));
  }
  if (input.action === "remove_photo" && input.imageId) {
    statements.push(...photoRemoval(d1, input.memberId, input.imageId, token, now));
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO staff_audit (site_id, staff_id, action, member_id, case_id, decision_id, detail, created_at)
         SELECT ?, ?, 'decision', ?, ?, id, ?, ? FROM moderation_decisions WHERE token = ?`,
      )
      .bind(
        input.auditSiteId,
        input.staffId,
        input.memberId,
        input.caseId ?? null,
        JSON.stringify({ action: input.action, category: input.category, image: input.imageId ?? undefined }),
        now,
        token,
      ),
  );
  const results = await d1.batch(statements);
  if (results[0]?.meta.changes !== 1) {
    if (input.caseId) return { ok: false, reason: "already_decided" };
    if (input.action === "ban") return { ok: false, reason: "already_banned" };
    if (input.action === "unban") return { ok: false, reason: "not_banned" };
    return { ok: false, reason: "photo_gone" };
  }
  const row = await d1.prepare("SELECT id FROM moderation_decisions WHERE token = ?").bind(token).first<{ id: number }>();
  if (!row) throw new Error("the decision just written is not there");
  if (input.action === "remove_photo" && input.imageId) await moveRemovedFiles(store, input.imageId, "remove");
  return { ok: true, decisionId: row.id, createdAt: now, appealUntil };
}

/** The row moves to removed_images; if it was the main photo, the next one by position takes over. */
function photoRemoval(d1: D1Database, memberId: number, imageId: number, token: string, now: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `INSERT INTO removed_images (id, member_id, filename, position, created_at, decision_id, removed_at)
         SELECT id, member_id, filename, position, created_at, ${decisionOfToken}, ? FROM images
         WHERE id = ? AND member_id = ? AND ${tokenExists}`,
      )
      .bind(token, now, imageId, memberId, token),
    d1
      .prepare(
        `UPDATE members SET main_image_id =
           (SELECT id FROM images WHERE member_id = ? AND id != ? ORDER BY position, id LIMIT 1)
         WHERE id = ? AND main_image_id = ? AND ${tokenExists}`,
      )
      .bind(memberId, imageId, memberId, imageId, token),
    d1.prepare(`DELETE FROM images WHERE id = ? AND member_id = ? AND ${tokenExists}`).bind(imageId, memberId, token),
  ];
}

/**
 * The photo's two files go under removed/ (a key the public photo route cannot name), or back.
 * R2 has no rename: a copy, then the delete. A failure is logged; the row has moved already,
 * so no page lists the photo either way.
 */
async function moveRemovedFiles(store: ModerationStore, imageId: number, direction: "remove" | "restore"): Promise<void> {
  const table = direction === "remove" ? "removed_images" : "images";
  const row = await store.d1.prepare(`SELECT filename FROM ${table} WHERE id = ?`).bind(imageId).first<{ filename: string }>();
  if (!row) return;
  for (const key of [row.filename, largeKeyOf(row.filename)]) {
    const from = direction === "remove" ? key : `removed/${key}`;
    const to = direction === "remove" ? `removed/${key}` : key;
    try {
      const object = await store.bucket.get(from);
      if (!object) continue;
      await store.bucket.put(to, await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
      await store.bucket.delete(from);
    } catch (error) {
      console.error(`moderation: moving photo file ${from} failed`, error);
    }
  }
}

export interface AppealInput {
  staffId: number;
  appealId: number;
  outcome: "upheld" | "reversed";
  reason: string;
  /** The decision appealed against. */
  decision: { id: number; site_id: number; member_id: number; action: StaffAction; category: string; image_id: number | null };
}

/**
 * An appeal's outcome, as one batch like decide(): a decision row answering the appeal (its
 * reasons go to the member), the appeal's state, and for a reversal the undoing: a ban is
 * lifted (the answering decision is an unban), a removed photo comes back (a dismiss naming
 * the photo). A warning reversed has no effect to undo; the decision row says it is withdrawn.
 */
export async function decideAppeal(
  store: ModerationStore,
  input: AppealInput,
): Promise<{ ok: true; decisionId: number; action: StaffAction } | { ok: false }> {
  const { d1 } = store;
  const { decision } = input;
  const token = crypto.randomUUID();
  const now = Date.now();
  const reversed = input.outcome === "reversed";
  const action: StaffAction = reversed ? (decision.action === "ban" ? "unban" : "dismiss") : decision.action;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO moderation_decisions
           (site_id, member_id, case_id, appeal_id, action, category, reason, image_id, staff_id, appeal_until, created_at, token)
         SELECT ?, ?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?
         WHERE EXISTS (SELECT 1 FROM appeals WHERE id = ? AND state = 'open')`,
      )
      .bind(
        decision.site_id,
        decision.member_id,
        input.appealId,
        action,
        decision.category,
        input.reason,
        decision.image_id,
        input.staffId,
        now,
        token,
        input.appealId,
      ),
    d1
      .prepare(`UPDATE appeals SET state = ?, decided_by = ?, decided_at = ? WHERE id = ? AND state = 'open' AND ${tokenExists}`)
      .bind(input.outcome, input.staffId, now, input.appealId, token),
  ];
  if (reversed && decision.action === "ban") {
    // Lifted on every account it covers, where this ban is still the one in force (a later ban stands).
    statements.push(...liftStatements(d1, decision.id, token));
  }
  if (reversed && decision.action === "pause") {
    // A pause after trusted reports reversed on appeal ends: its case closes (docs/decisions/058).
    statements.push(liftPauseOfDecisionStatement(d1, decision.id, token, now));
  }
  if (reversed && decision.action === "remove_photo") {
    statements.push(
      d1
        .prepare(
          `INSERT INTO images (id, member_id, filename, position, created_at, reviewed_at)
           SELECT id, member_id, filename, position, created_at, ? FROM removed_images
           WHERE decision_id = ? AND ${tokenExists}`,
        )
        .bind(now, decision.id, token),
      d1
        .prepare(
          `UPDATE members SET main_image_id = (SELECT id FROM removed_images WHERE decision_id = ?)
           WHERE id = ? AND main_image_id IS NULL AND ${tokenExists}`,
        )
        .bind(decision.id, decision.member_id, token),
      d1.prepare(`DELETE FROM removed_images WHERE decision_id = ? AND ${tokenExists}`).bind(decision.id, token),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO staff_audit (site_id, staff_id, action, member_id, case_id, decision_id, detail, created_at)
         SELECT ?, ?, 'appeal_decided', ?, NULL, id, ?, ? FROM moderation_decisions WHERE token = ?`,
      )
      .bind(
        decision.site_id,
        input.staffId,
        decision.member_id,
        JSON.stringify({ appeal: input.appealId, outcome: input.outcome, appealed_decision: decision.id }),
        now,
        token,
      ),
  );
  const results = await d1.batch(statements);
  if (results[0]?.meta.changes !== 1) return { ok: false };
  const row = await d1.prepare("SELECT id FROM moderation_decisions WHERE token = ?").bind(token).first<{ id: number }>();
  if (!row) throw new Error("the decision just written is not there");
  if (reversed && decision.action === "remove_photo" && decision.image_id) {
    await moveRemovedFiles(store, decision.image_id, "restore");
  }
  return { ok: true, decisionId: row.id, action };
}
