/**
 * "This was not me" (issue 25; docs/product.md "Account lifecycle",
 * docs/decisions/039-account-rescue-links.md): the rescue of an account whose address or password
 * was changed by someone else. The link comes in the mail that tells the owner about the change;
 * using it, without logging in:
 *
 * - restores the address the account had before an email change (the mail went to it);
 * - ends every session, the intruder's included;
 * - takes the password away (NULL: no password logs in) until it is set again with the reset
 *   link this mails to the (restored) address;
 * - ends pending email changes and reset links, and the rescue links mailed after the one used
 *   (they went to whoever made the later change), but not older ones.
 */
import { RESCUE_LINK_TTL_MS } from "../../../contract/limits";
import { lockAccountForRescue } from "../db/accounts";
import type { Db } from "../db/client";
import { findMemberByEmail } from "../db/members";
import { claimLink, type RescueKind, storePasswordResetLink } from "../db/one-time-links";
import { newLink, usableRescueLink } from "./one-time-links";

/** How long a rescue link works: the owner may read the mail days later. */
export const RESCUE_TTL_MS = RESCUE_LINK_TTL_MS;

export type RescueOutcome =
  | { ok: true; kind: RescueKind; memberId: number; email: string; resetToken: string }
  | { ok: false; reason: "token_invalid" | "email_taken" };

export interface RescueDeps {
  db: Db;
  d1: D1Database;
  siteId: number;
  resetTtlMs: number;
}

/** Uses the rescue link `token`: once, of any number of parallel requests. */
export async function rescueAccount(deps: RescueDeps, token: unknown, now = Date.now()): Promise<RescueOutcome> {
  const { db, siteId } = deps;
  const rescue = await usableRescueLink(db, siteId, token, now);
  if (!rescue) return { ok: false, reason: "token_invalid" };
  const memberId = rescue.member_id;
  const restore = rescue.kind === "email_change" && rescue.old_email !== null ? rescue.old_email : null;
  // Someone may have signed up with the old address since it was given up: then it cannot come back.
  if (restore !== null && restore !== rescue.current_email) {
    const holder = await findMemberByEmail(db, siteId, restore);
    if (holder && holder.id !== memberId) return { ok: false, reason: "email_taken" };
  }
  const email = restore ?? rescue.current_email;
  if (!email) return { ok: false, reason: "token_invalid" };

  // Of two requests with the same token, only one gets past this.
  if (!(await claimLink(db, "account_rescue", siteId, rescue.token_hash, now))) return { ok: false, reason: "token_invalid" };

  const reset = await newLink();
  try {
    // Every session ends, the intruder's included; no password logs in until the owner sets one
    // with the mailed link; the rescue links mailed after this one end, older ones stay.
    await lockAccountForRescue(deps.d1, db, { memberId, siteId, restore, since: rescue.created_at }, now);
  } catch (error) {
    // The unique (site, email) index: the address was taken between the check and now.
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "email_taken" };
    throw error;
  }
  await storePasswordResetLink(db, { hash: reset.hash, memberId, siteId, ttlMs: deps.resetTtlMs }, now);
  return { ok: true, kind: rescue.kind, memberId, email, resetToken: reset.token };
}
