/**
 * One-time links (password reset, email change, "this was not me" rescue, premium cancellation
 * by mail): a link carries a random token; only its
 * SHA-256 is stored, with the member, the site that mailed it and an expiry. A link works on
 * its own site only, once, until it expires, and only while its member is a real, not deleted
 * account. Using one is a claim: of two requests with the same token, exactly one wins.
 *
 * Each purpose has its own table (so a reset token can never confirm an address, nor the other
 * way round); an email change also stores the address it confirms, a rescue the address it
 * restores (docs/decisions/039-account-rescue-links.md).
 */
import type { Db } from "../db/client";
import { randomToken, tokenHash } from "../lib/tokens";

export type LinkPurpose = "password_reset" | "email_change" | "account_rescue" | "premium_cancel";

const TABLES = {
  password_reset: "password_resets",
  email_change: "email_changes",
  account_rescue: "account_rescues",
  premium_cancel: "premium_cancels",
} as const;

/** 32 random bytes, hex: anything else is no token of ours, and costs no query. */
const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

export interface NewLink {
  /** Goes into the mail, never into the database. */
  token: string;
  hash: string;
}

/** A fresh token and its hash (made before it is known whether it will be stored: see password-reset.ts). */
export async function newLink(): Promise<NewLink> {
  const token = randomToken();
  return { token, hash: await tokenHash(token) };
}

interface LinkRow {
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

/** The hash of `token` if it has our format (anything else: null, no query needed). */
async function hashOf(token: unknown): Promise<string | null> {
  return typeof token === "string" && TOKEN_FORMAT.test(token) ? tokenHash(token) : null;
}

/** The usable password-reset link `token` names on this site, or undefined. */
export async function usablePasswordResetLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  const hash = await hashOf(token);
  if (hash === null) return undefined;
  return db
    .selectFrom("password_resets as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id"])
    .where("l.token_hash", "=", hash)
    .where("l.site_id", "=", siteId)
    .where("m.site_id", "=", siteId)
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now)
    .where("m.status", "!=", "deleted")
    .where("m.is_fictional", "=", 0)
    .executeTakeFirst();
}

/** The usable email-change link `token` names on this site (with the address it confirms), or undefined. */
export async function usableEmailChangeLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  const hash = await hashOf(token);
  if (hash === null) return undefined;
  return db
    .selectFrom("email_changes as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id", "l.new_email"])
    .where("l.token_hash", "=", hash)
    .where("l.site_id", "=", siteId)
    .where("m.site_id", "=", siteId)
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now)
    .where("m.status", "!=", "deleted")
    .where("m.is_fictional", "=", 0)
    .executeTakeFirst();
}

/** The usable rescue link `token` names on this site (its kind, and the address it restores), or undefined. */
export async function usableRescueLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  const hash = await hashOf(token);
  if (hash === null) return undefined;
  return db
    .selectFrom("account_rescues as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id", "l.kind", "l.old_email", "l.created_at", "m.email as current_email"])
    .where("l.token_hash", "=", hash)
    .where("l.site_id", "=", siteId)
    .where("m.site_id", "=", siteId)
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now)
    .where("m.status", "!=", "deleted")
    .where("m.is_fictional", "=", 0)
    .executeTakeFirst();
}

/** The usable premium-cancellation link `token` names on this site, or undefined. */
export async function usablePremiumCancelLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  const hash = await hashOf(token);
  if (hash === null) return undefined;
  return db
    .selectFrom("premium_cancels as l")
    .innerJoin("members as m", "m.id", "l.member_id")
    .select(["l.token_hash", "l.member_id"])
    .where("l.token_hash", "=", hash)
    .where("l.site_id", "=", siteId)
    .where("m.site_id", "=", siteId)
    .where("l.used_at", "is", null)
    .where("l.expires_at", ">", now)
    .where("m.status", "!=", "deleted")
    .where("m.is_fictional", "=", 0)
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
