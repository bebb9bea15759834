/**
 * The rows of one-time links (domain/one-time-links.ts has their rules): one table per purpose,
 * each holding the SHA-256 of a token, its member, the site that mailed it and an expiry.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { Db } from "./client";

export type LinkPurpose = "password_reset" | "email_change" | "account_rescue" | "premium_cancel";

const TABLES = {
  password_reset: "password_resets",
  email_change: "email_changes",
  account_rescue: "account_rescues",
  premium_cancel: "premium_cancels",
} as const;

export interface LinkRow {
  hash: string;
  memberId: number;
  siteId: number;
  ttlMs: number;
}

export async function storePasswordResetLink(db: Db, link: LinkRow, now = Date.now()): Promise<void> {
  await db
    .insertInto("password_resets")
    .values({
      token_hash: link.hash,
      member_id: link.memberId,
      site_id: link.siteId,
      created_at: now,
      expires_at: now + link.ttlMs,
      used_at: null,
    })
    .execute();
}

export async function storeEmailChangeLink(db: Db, link: LinkRow & { newEmail: string }, now = Date.now()): Promise<void> {
  await db
    .insertInto("email_changes")
    .values({
      token_hash: link.hash,
      member_id: link.memberId,
      site_id: link.siteId,
      new_email: link.newEmail,
      created_at: now,
      expires_at: now + link.ttlMs,
      used_at: null,
    })
    .execute();
}

export type RescueKind = "email_change" | "password_change";

/** A "this was not me" link: `oldEmail` is the address an email-change rescue restores. */
export async function storeRescueLink(
  db: Db,
  link: LinkRow & { kind: RescueKind; oldEmail: string | null },
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto("account_rescues")
    .values({
      token_hash: link.hash,
      member_id: link.memberId,
      site_id: link.siteId,
      kind: link.kind,
      old_email: link.oldEmail,
      created_at: now,
      expires_at: now + link.ttlMs,
      used_at: null,
    })
    .execute();
}

export async function storePremiumCancelLink(db: Db, link: LinkRow, now = Date.now()): Promise<void> {
  await db
    .insertInto("premium_cancels")
    .values({
      token_hash: link.hash,
      member_id: link.memberId,
      site_id: link.siteId,
      created_at: now,
      expires_at: now + link.ttlMs,
      used_at: null,
    })
    .execute();
}

/**
 * What makes a link usable, the same for every purpose: the link's table as `l` joined to its
 * member as `m`; on this site, unused, unexpired, and its member a real account not deleted.
 */
function usable(hash: string, siteId: number, now: number): Expression<SqlBool> {
  return sql<SqlBool>`l.token_hash = ${hash} AND l.site_id = ${siteId} AND m.site_id = ${siteId}
    AND l.used_at IS NULL AND l.expires_at > ${now} AND m.status != 'deleted' AND m.is_fictional = 0`;
}

/** The usable password-reset link with this token hash, or undefined. */
export function findUsablePasswordResetLink(db: Db, siteId: number, hash: string, now: number) {
  return db
    .selectFrom("password_resets as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id"])
    .where(usable(hash, siteId, now))
    .executeTakeFirst();
}

/** The usable email-change link with this token hash (with the address it confirms), or undefined. */
export function findUsableEmailChangeLink(db: Db, siteId: number, hash: string, now: number) {
  return db
    .selectFrom("email_changes as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id", "l.new_email"])
    .where(usable(hash, siteId, now))
    .executeTakeFirst();
}

/** The usable rescue link with this token hash (its kind, and the address it restores), or undefined. */
export function findUsableRescueLink(db: Db, siteId: number, hash: string, now: number) {
  return db
    .selectFrom("account_rescues as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id", "l.kind", "l.old_email", "l.created_at", "m.email as current_email"])
    .where(usable(hash, siteId, now))
    .executeTakeFirst();
}

/** The usable premium-cancellation link with this token hash, or undefined. */
export function findUsablePremiumCancelLink(db: Db, siteId: number, hash: string, now: number) {
  return db
    .selectFrom("premium_cancels as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id"])
    .where(usable(hash, siteId, now))
    .executeTakeFirst();
}

/**
 * Ends the member's rescue links made at or after `since` (the ones mailed after the change a
 * rescue undoes, perhaps to whoever made it), and keeps older ones: a rescue link in the owner's
 * mailbox cannot be ended by using a later one.
 */
export function endNewerRescuesStatement(db: Db, memberId: number, since: number, now = Date.now()) {
  return db
    .updateTable("account_rescues")
    .set({ used_at: now })
    .where("member_id", "=", memberId)
    .where("created_at", ">=", since)
    .where("used_at", "is", null);
}

/**
 * Uses the link: true for the one request that marked it used (on this site, unused, unexpired),
 * false for every other. Call it after the checks that may still refuse, before the change.
 */
export async function claimLink(db: Db, purpose: LinkPurpose, siteId: number, hash: string, now = Date.now()): Promise<boolean> {
  const claimed = await db
    .updateTable(TABLES[purpose])
    .set({ used_at: now })
    .where("token_hash", "=", hash)
    .where("site_id", "=", siteId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Ends every unused link of the member for `purpose`: one statement, to run or to put in a batch. */
export function endLinksStatement(db: Db, purpose: LinkPurpose, memberId: number, now = Date.now()) {
  return db.updateTable(TABLES[purpose]).set({ used_at: now }).where("member_id", "=", memberId).where("used_at", "is", null);
}

/** Ends every unused link of the member for `purpose`, now. */
export async function endLinks(db: Db, purpose: LinkPurpose, memberId: number, now = Date.now()): Promise<void> {
  await endLinksStatement(db, purpose, memberId, now).execute();
}
