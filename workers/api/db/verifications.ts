/**
 * Photo verification requests (docs/decisions/059-photo-verification.md): one open request per
 * member (a unique index), a selfie taken only for the open request's pose (a guarded UPDATE),
 * and a decision made once (a guarded UPDATE in one batch with its effect and the member's notice).
 */
import { type Compilable, sql } from "kysely";
import { runBatch, type Db } from "./client";

/** The member's newest request, open or decided; undefined when they never asked. */
export function findLastRequest(db: Db, memberId: number) {
  return db
    .selectFrom("verifications")
    .select(["id", "pose", "state", "reason", "note", "decided_at", "selfie_key"])
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The member's verification columns and main photo. */
export function findVerificationFacts(db: Db, memberId: number) {
  return db
    .selectFrom("members")
    .select(["id", "site_id", "main_image_id", "verified_image_id", "verified_writers_only"])
    .where("id", "=", memberId)
    .executeTakeFirst();
}

/** Opens a request with a pose; false when one is open already (the unique index says so, race-free). */
export async function openRequest(db: Db, request: { memberId: number; siteId: number; pose: string; now: number }) {
  const inserted = await db
    .insertInto("verifications")
    .values({
      member_id: request.memberId,
      site_id: request.siteId,
      pose: request.pose,
      state: "posed",
      created_at: request.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes the selfie for the member's open request in this pose: posed → pending. False when there
 * is no such request (none open, another pose, or a selfie already taken, also by a parallel upload).
 */
export async function takeSelfie(db: Db, selfie: { memberId: number; pose: string; key: string; now: number }) {
  const updated = await db
    .updateTable("verifications")
    .set({ state: "pending", selfie_key: selfie.key, uploaded_at: selfie.now })
    .where("member_id", "=", selfie.memberId)
    .where("state", "=", "posed")
    .where("pose", "=", selfie.pose)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The pending requests on a scope (a site, or every site for platform staff), oldest first. */
export function listPendingRequests(db: Db, siteId: number | null, limit: number) {
  let query = db
    .selectFrom("verifications as v")
    .innerJoin("members as m", "m.id", "v.member_id")
    .select(["v.id", "v.member_id", "v.site_id", "v.pose", "v.uploaded_at", "m.name"])
    .where("v.state", "=", "pending");
  if (siteId !== null) query = query.where("v.site_id", "=", siteId);
  return query.orderBy("v.uploaded_at").orderBy("v.id").limit(limit).execute();
}

/** The photos of several members, main first then by position (for the staff's comparison). */
export function listPhotosOf(db: Db, memberIds: number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("images as i")
    .innerJoin("members as m", "m.id", "i.member_id")
    .select(["i.id", "i.member_id", "i.filename", sql<number>`i.id = m.main_image_id`.as("main")])
    .where("i.member_id", "in", memberIds)
    .orderBy("i.member_id")
    .orderBy(sql`i.id = m.main_image_id`, "desc")
    .orderBy("i.position")
    .orderBy("i.id")
    .execute();
}

/** One request with its site (for the staff's scope). */
export function findRequest(db: Db, id: number) {
  return db
    .selectFrom("verifications")
    .select(["id", "member_id", "site_id", "pose", "state", "selfie_key"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Decides a pending request once: approve verifies the member's main photo of now; refuse keeps
 * the reason. Either way the selfie's key is cleared (the caller deletes the file) and the member
 * gets a notice. One batch: the notice only follows the request's change, the member's change
 * only the notice.
 * False when the request was not pending (decided already, also by a parallel call).
 */
export async function decideRequest(
  d1: D1Database,
  db: Db,
  decision: {
    id: number;
    memberId: number;
    staffId: number;
    approve: boolean;
    reason: string | null;
    note: string | null;
    now: number;
  },
): Promise<boolean> {
  const mainImage = db.selectFrom("members").select("main_image_id").where("id", "=", decision.memberId);
  // Each statement runs only when the one before it changed a row: SQLite's changes() counts the
  // last statement of this batch's connection. (Marking "decided by this call" by staff member and
  // time did not hold: parallel requests in one isolate read the same Date.now(), and ten parallel
  // approvals gave two notices.)
  const previousChanged = sql<boolean>`changes() > 0`;
  const queries: Compilable[] = [
    db
      .updateTable("verifications")
      .set({
        state: decision.approve ? "approved" : "refused",
        reason: decision.approve ? null : decision.reason,
        note: decision.approve ? null : decision.note,
        selfie_key: null,
        image_id: decision.approve ? mainImage : null,
        decided_by: decision.staffId,
        decided_at: decision.now,
      })
      .where("id", "=", decision.id)
      .where("state", "=", "pending"),
    db
      .insertInto("notices")
      .columns(["member_id", "kind", "created_at"])
      .expression(
        db
          .selectFrom("members")
          .select([
            "id",
            sql.lit(decision.approve ? "verification_approved" : "verification_refused").as("kind"),
            sql.lit(decision.now).as("created_at"),
          ])
          .where("id", "=", decision.memberId)
          .where(previousChanged),
      ),
  ];
  if (decision.approve) {
    queries.push(
      db.updateTable("members").set({ verified_image_id: mainImage }).where("id", "=", decision.memberId).where(previousChanged),
    );
  }
  const results = await runBatch(d1, queries);
  return (results[0]?.meta.changes ?? 0) > 0;
}

/** The member's choice: only verified members may start a conversation with them. */
export async function setVerifiedWritersOnly(db: Db, memberId: number, on: boolean): Promise<void> {
  await db
    .updateTable("members")
    .set({ verified_writers_only: on ? 1 : 0 })
    .where("id", "=", memberId)
    .execute();
}
