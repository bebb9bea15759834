/**
 * Staff accounts and their audit log (ADR 029): the queries of the staff console's sign-in and
 * of its audit page. Sessions and the writing of audit lines are in lib/staff.ts.
 */
import type { Db } from "./client";

/** An enabled staff account by its address (lower-cased by the caller), with what signing in checks. */
export function findEnabledStaffByEmail(db: Db, email: string) {
  return db
    .selectFrom("staff")
    .select(["id", "site_id", "email", "name", "role", "password_hash", "totp_secret", "totp_last_step"])
    .where("email", "=", email)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
}

/**
 * Stores the time step of an accepted code, only when it is later than the last one stored:
 * one guarded statement, so a code (or a replay of it, or two posts at once) works once.
 * Whether this call stored it.
 */
export async function acceptTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staff")
    .set({ totp_last_step: step })
    .where("id", "=", staffId)
    .where("totp_last_step", "<", step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A page of the audit log, newest first: one account's own lines (`staffId`), or a site's
 * (`siteId`), or every line (neither); `before`: the last id seen.
 */
export function listAuditLines(
  db: Db,
  filter: { staffId?: number; siteId?: number; before?: number | undefined },
  limit: number,
) {
  let query = db
    .selectFrom("staff_audit as a")
    .leftJoin("staff as s", "s.id", "a.staff_id")
    .select([
      "a.id",
      "s.name as staff_name",
      "a.action",
      "a.member_id",
      "a.case_id",
      "a.decision_id",
      "a.detail",
      "a.created_at",
    ]);
  if (filter.staffId !== undefined) query = query.where("a.staff_id", "=", filter.staffId);
  if (filter.siteId !== undefined) query = query.where("a.site_id", "=", filter.siteId);
  if (filter.before !== undefined) query = query.where("a.id", "<", filter.before);
  return query.orderBy("a.id", "desc").limit(limit).execute();
}
