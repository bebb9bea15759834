/**
 * Moderation cases (moderation_cases, migrations/0017; docs/product.md "Trust and safety"):
 * filing a report or notice and finding the photo a notice names; and what the staff console
 * reads and marks (ADR 029): the queue (open cases and appeals, new photos), a case, an appeal,
 * the member they are about, and the decisions with the name of the staff who signed them. The
 * decisions themselves are written by domain/moderation.ts.
 */
import type { Insertable } from "kysely";
import type { Decision } from "../../../contract/staff";
import type { Db } from "./client";
import type { ModerationCasesTable } from "./schema";

export type NewCase = Omit<Insertable<ModerationCasesTable>, "created_at" | "updated_at" | "state">;

/** Files the case, state open; undefined when its reference exists already (the caller draws another). */
export function insertCase(db: Db, values: NewCase, now = Date.now()) {
  return db
    .insertInto("moderation_cases")
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("reference").doNothing())
    .returning(["reference", "created_at"])
    .executeTakeFirst();
}

/** The photo stored under this file name, and whose it is. */
export function findImageByFilename(db: Db, filename: string) {
  return db.selectFrom("images").select(["id", "member_id"]).where("filename", "=", filename).executeTakeFirst();
}

/** The member's photo at this place in their order (1 = the first). */
export function findNthImage(db: Db, memberId: number, number: number) {
  return db
    .selectFrom("images")
    .select("id")
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .offset(number - 1)
    .limit(1)
    .executeTakeFirst();
}

/** Every site's name by id (a handful of rows); a site whose settings do not parse shows its id. */
export async function siteNamesById(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom("sites").select(["id", "settings"]).execute();
  return new Map(
    rows.map((row) => {
      let name = `#${row.id}`;
      try {
        const parsed: unknown = JSON.parse(row.settings);
        const value = typeof parsed === "object" && parsed !== null ? Reflect.get(parsed, "name") : undefined;
        if (typeof value === "string") name = value;
      } catch {
        // the id stands in for a broken name
      }
      return [row.id, name];
    }),
  );
}

/** Which site's queue: one site's (its id), or every site's (null, platform staff). */
type Scope = number | null;

/** The open reports and notices, newest first, with their subject's name. */
export function listOpenCases(db: Db, scope: Scope, limit: number) {
  let query = db
    .selectFrom("moderation_cases as mc")
    .innerJoin("members as m", "m.id", "mc.subject_member_id")
    .select(["mc.id", "mc.kind", "mc.category", "mc.reference", "mc.site_id", "mc.created_at", "m.id as member_id", "m.name"])
    .where("mc.state", "=", "open");
  if (scope !== null) query = query.where("mc.site_id", "=", scope);
  return query.orderBy("mc.created_at", "desc").limit(limit).execute();
}

/** The open appeals, newest first; `kind` is the appealed decision's action. */
export function listOpenAppeals(db: Db, scope: Scope, limit: number) {
  let query = db
    .selectFrom("appeals as a")
    .innerJoin("moderation_decisions as d", "d.id", "a.decision_id")
    .innerJoin("members as m", "m.id", "a.member_id")
    .select(["a.id", "d.action as kind", "d.category", "a.reference", "a.site_id", "a.created_at", "m.id as member_id", "m.name"])
    .where("a.state", "=", "open");
  if (scope !== null) query = query.where("a.site_id", "=", scope);
  return query.orderBy("a.created_at", "desc").limit(limit).execute();
}

/** Photos of real, not deleted members that no staff looked at yet, newest first. */
export function listUnreviewedPhotos(db: Db, scope: Scope, limit: number) {
  let query = db
    .selectFrom("images as i")
    .innerJoin("members as m", "m.id", "i.member_id")
    .select(["i.id", "i.filename", "i.created_at", "m.site_id", "m.id as member_id", "m.name"])
    .where("i.reviewed_at", "is", null)
    .where("m.is_fictional", "=", 0)
    .where("m.status", "!=", "deleted");
  if (scope !== null) query = query.where("m.site_id", "=", scope);
  return query.orderBy("i.created_at", "desc").limit(limit).execute();
}

export function findCase(db: Db, id: number) {
  return db.selectFrom("moderation_cases").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findAppeal(db: Db, id: number) {
  return db.selectFrom("appeals").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A member as the console's pages show them. */
export function findMemberFacts(db: Db, id: number) {
  return db
    .selectFrom("members")
    .select(["id", "site_id", "name", "email", "status", "is_fictional", "ban_decision_id", "signup_date"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A member as a decision needs them: their site (the scope), and what the decision's mail needs. */
export function findMemberToDecide(db: Db, id: number) {
  return db
    .selectFrom("members")
    .select(["id", "site_id", "email", "name", "language", "status", "ban_decision_id"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A member's id and name (a case's reporter). */
export function findMemberName(db: Db, id: number) {
  return db.selectFrom("members").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

/** A member's photos in their order. */
export function listPhotosOf(db: Db, memberId: number) {
  return db
    .selectFrom("images")
    .select(["id", "filename"])
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** A member's photos removed by a decision (kept so a reversed decision can restore them). */
export function listRemovedPhotosOf(db: Db, memberId: number) {
  return db.selectFrom("removed_images").select(["id", "filename"]).where("member_id", "=", memberId).orderBy("id").execute();
}

/** A photo of this member, if it is still there. */
export function findPhotoOfMember(db: Db, imageId: number, memberId: number) {
  return db.selectFrom("images").select("id").where("id", "=", imageId).where("member_id", "=", memberId).executeTakeFirst();
}

/** A photo with its member's site (the scope). */
export function findPhotoWithSite(db: Db, imageId: number) {
  return db
    .selectFrom("images as i")
    .innerJoin("members as m", "m.id", "i.member_id")
    .select(["i.id", "i.member_id", "m.site_id"])
    .where("i.id", "=", imageId)
    .executeTakeFirst();
}

/** A photo looked at and kept: it leaves the queue (a second call changes nothing). */
export async function markPhotoReviewed(db: Db, imageId: number, now: number): Promise<void> {
  await db.updateTable("images").set({ reviewed_at: now }).where("id", "=", imageId).where("reviewed_at", "is", null).execute();
}

/**
 * The last messages of a reported conversation up to the reported one (`upTo`; null: its end),
 * newest first.
 */
export function listLastMessages(db: Db, conversationId: number, upTo: number | null, limit: number) {
  let query = db
    .selectFrom("messages")
    .select(["id", "sender_id", "body", "created_at"])
    .where("conversation_id", "=", conversationId);
  if (upTo) query = query.where("id", "<=", upTo);
  return query.orderBy("id", "desc").limit(limit).execute();
}

/** The site of the decision behind a member's ban in force (a ban holds on every site). */
export function findBanSite(db: Db, memberId: number) {
  return db
    .selectFrom("members as m")
    .innerJoin("moderation_decisions as d", "d.id", "m.ban_decision_id")
    .select("d.site_id")
    .where("m.id", "=", memberId)
    .executeTakeFirst();
}

/** A decision's row as written. */
export function findDecisionRow(db: Db, id: number) {
  return db.selectFrom("moderation_decisions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Decisions with the name of the staff who signed them, as answers show them. */
function decisionsWithStaff(db: Db) {
  return db
    .selectFrom("moderation_decisions as d")
    .innerJoin("staff as s", "s.id", "d.staff_id")
    .select([
      "d.id",
      "d.action",
      "d.category",
      "d.reason",
      "s.name as staff_name",
      "d.case_id",
      "d.appeal_id",
      "d.image_id",
      "d.appeal_until",
      "d.created_at",
    ]);
}

/** A member's decisions, newest first (the last 50). */
export function listDecisionsOf(db: Db, memberId: number): Promise<Decision[]> {
  return decisionsWithStaff(db)
    .where("d.member_id", "=", memberId)
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(50)
    .execute();
}

export function findDecision(db: Db, id: number): Promise<Decision> {
  return decisionsWithStaff(db).where("d.id", "=", id).executeTakeFirstOrThrow();
}
