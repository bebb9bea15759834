/**
 * One-time links (password reset, email change, "this was not me" rescue, premium cancellation
 * by mail): a link carries a random token; only its
 * SHA-256 is stored, with the member, the site that mailed it and an expiry. A link works on
 * its own site only, once, until it expires, and only while its member is a real, not deleted
 * account. Using one is a claim: of two requests with the same token, exactly one wins.
 *
 * Each purpose has its own table (so a reset token can never confirm an address, nor the other
 * way round); an email change also stores the address it confirms, a rescue the address it
 * restores (docs/decisions/039-account-rescue-links.md). The rows are in db/one-time-links.ts.
 */
import type { Db } from "../db/client";
import {
  findUsableEmailChangeLink,
  findUsablePasswordResetLink,
  findUsablePremiumCancelLink,
  findUsableRescueLink,
} from "../db/one-time-links";
import { randomToken, tokenHash } from "../lib/tokens";

export {
  claimLink,
  endLinksStatement,
  endNewerRescuesStatement,
  type LinkPurpose,
  type RescueKind,
  storeEmailChangeLink,
  storePasswordResetLink,
  storePremiumCancelLink,
  storeRescueLink,
} from "../db/one-time-links";

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

/** The hash of `token` if it has our format (anything else: null, no query needed). */
async function hashOf(token: unknown): Promise<string | null> {
  return typeof token === "string" && TOKEN_FORMAT.test(token) ? tokenHash(token) : null;
}

/** The usable link `token` names, looked up by `find` only when the token has our format. */
async function usableLink<Row>(token: unknown, find: (hash: string) => Promise<Row | undefined>): Promise<Row | undefined> {
  const hash = await hashOf(token);
  return hash === null ? undefined : find(hash);
}

/** The usable password-reset link `token` names on this site, or undefined. */
export function usablePasswordResetLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  return usableLink(token, (hash) => findUsablePasswordResetLink(db, siteId, hash, now));
}

/** The usable email-change link `token` names on this site (with the address it confirms), or undefined. */
export function usableEmailChangeLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  return usableLink(token, (hash) => findUsableEmailChangeLink(db, siteId, hash, now));
}

/** The usable rescue link `token` names on this site (its kind, and the address it restores), or undefined. */
export function usableRescueLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  return usableLink(token, (hash) => findUsableRescueLink(db, siteId, hash, now));
}

/** The usable premium-cancellation link `token` names on this site, or undefined. */
export function usablePremiumCancelLink(db: Db, siteId: number, token: unknown, now = Date.now()) {
  return usableLink(token, (hash) => findUsablePremiumCancelLink(db, siteId, hash, now));
}
