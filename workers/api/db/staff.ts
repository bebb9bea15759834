/**
 * Staff accounts, their sessions and their audit log (ADR 029). lib/staff.ts holds the
 * session's cookie and the rules of who may call what.
 */
import type { Db } from "./client";

/** An enabled staff account by its address (lower-cased by the caller), with what signing in checks. */
export function findEnabledStaffByEmail(db: Db, email: string) {
  return db
    .selectFrom("staff")
    .select(["id", "site_id", "email", "name", "role", "languages", "password_hash", "totp_secret", "totp_last_step"])
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

/** The enabled account of an unexpired session (by its id's hash), with the session's totp_ok. */
export function findStaffBySession(db: Db, idHash: string, now: number) {
  return db
    .selectFrom("staff_sessions as s")
    .innerJoin("staff as t", "t.id", "s.staff_id")
    .select([
      "t.id",
      "t.site_id",
      "t.email",
      "t.name",
      "t.role",
      "t.languages",
      "t.totp_secret",
      "t.totp_last_step",
      "s.totp_ok",
      "s.id_hash",
    ])
    .where("s.id_hash", "=", idHash)
    .where("s.expires_at", ">", now)
    .where("t.disabled_at", "is", null)
    .executeTakeFirst();
}

export async function insertStaffSession(
  db: Db,
  session: { idHash: string; staffId: number; totpOk: boolean; createdAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("staff_sessions")
    .values({
      id_hash: session.idHash,
      staff_id: session.staffId,
      totp_ok: session.totpOk ? 1 : 0,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function deleteStaffSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("id_hash", "=", idHash).execute();
}

/** Writes one line of the audit log (staff_audit, append-only). */
export async function audit(
  db: Db,
  entry: {
    siteId: number | null;
    staffId: number | null;
    action: string;
    memberId?: number | null;
    caseId?: number | null;
    decisionId?: number | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto("staff_audit")
    .values({
      site_id: entry.siteId,
      staff_id: entry.staffId,
      action: entry.action,
      member_id: entry.memberId ?? null,
      case_id: entry.caseId ?? null,
      decision_id: entry.decisionId ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: Date.now(),
    })
    .execute();
}

/**
 * A moderator account that only signs decisions nobody on the staff made (the development tools'
 * and the automated ones), written the first time it is needed. It is disabled and has no password
 * or secret: nobody can sign in as it.
 */
export async function signingModeratorId(db: Db, account: { email: string; name: string }, now: number): Promise<number> {
  await db
    .insertInto("staff")
    .values({
      site_id: null,
      email: account.email,
      name: account.name,
      role: "moderator",
      password_hash: "!",
      totp_secret: "!",
      disabled_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const staff = await db.selectFrom("staff").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  return staff.id;
}
