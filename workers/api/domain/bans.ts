/**
 * One ban per person across the operator's sites (docs/product.md "Bans across sites",
 * docs/decisions/040). A ban decision (domain/moderation.ts) also, in its own batch:
 *
 * - bans the person's accounts on the other sites of this database (the same normalised address)
 *   under the same decision, and ends their sessions;
 * - writes the ban's marks: the identity key of the address (lib/email.ts emailIdentity) and the
 *   hash of every photo of those accounts (images/photo-hash.ts), so a sign-up, an address change
 *   or a photo upload that matches is refused on every site.
 *
 * Lifting the ban (an unban, an appeal reversed) clears the decision from every account that
 * carries it and deletes its marks. Every statement runs only when the decision with the
 * request's token exists, like the rest of a decision's batch. The SQL is in db/bans.ts.
 */
import * as bans from "../db/bans";
import type { Db } from "../db/client";
import { closeInboxes } from "../durable-objects/inbox";
import { FLAT_HASH } from "../images/photo-hash";
import { emailIdentity } from "../lib/email";

export { liftStatements, membersUnderBan as accountsUnderBan } from "../db/bans";

/** The statements a ban adds to its decision's batch (after the member's own ban_decision_id is set). */
export function banStatements(
  d1: D1Database,
  input: { memberId: number; email: string | null; token: string },
): D1PreparedStatement[] {
  const { memberId, email, token } = input;
  const address = email ? { email, identity: emailIdentity(email) } : null;
  return bans.banStatements(d1, { memberId, address, token });
}

/** The ban an address is marked with, on any site (its identity key), or null. */
export function banOfAddress(db: Db, email: string): Promise<number | null> {
  return bans.banMarkingAddress(db, emailIdentity(email));
}

/** Whether a photo with this hash belongs to a banned account (any site). */
export async function isBannedPhoto(db: Db, hash: string): Promise<boolean> {
  // Every one-colour photo has this hash: it marks nobody.
  if (hash === FLAT_HASH) return false;
  return bans.isMarkedPhoto(db, hash);
}

/** After a ban's batch: the live sockets of every account it covers are closed (docs/decisions/040). */
export async function closeSocketsOfBan(env: ApiEnv, db: Db, banId: number): Promise<void> {
  await closeInboxes(env, await bans.membersUnderBan(db, banId));
}

/**
 * An account whose address a ban marks but which the ban did not reach (another spelling of the
 * address: a +tag, Gmail's dots) joins that ban when it logs in: its other sessions end and its
 * photos are marked too. Answers the ban's id, or null when the address is not marked.
 */
export async function joinBanAtLogin(
  d1: D1Database,
  db: Db,
  member: { id: number; email: string | null; ban_decision_id: number | null; is_fictional: number },
): Promise<number | null> {
  if (member.ban_decision_id !== null || member.is_fictional === 1 || !member.email) return null;
  const banId = await banOfAddress(db, member.email);
  if (banId === null) return null;
  await bans.joinBan(d1, banId, member.id);
  return banId;
}
