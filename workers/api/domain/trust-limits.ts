/**
 * Limits that scale with trust (issue 30 point 3; docs/product.md "Limits that scale with trust",
 * docs/decisions/056): a member may start so many new conversations a day (the site's setting, a
 * higher one once verified), halved for each upheld report against them. Replies, and messages to
 * entertainment profiles (paid chat with fictional profiles), are never limited.
 *
 * Atomic as the login limit is: one conditional upsert on rate_limits (lib/rate-limit.ts) takes a
 * place in the member's day before anything is charged or stored, so twenty parallel first
 * messages against a limit of five store five. A send that then fails gives its place back.
 */
import { LIMIT_DAY_MS, newConversationsPerDay } from "../../../contract/rules/trust-limits";
import type { StoredSettings } from "../../../contract/schemas";
import { isVerifiedMember } from "../../../contract/rules/verification";
import type { Db } from "../db/client";
import type { MemberRow } from "../db/member-row";
import { countUpheldReports, newConversationFacts, writtenBefore } from "../db/trust-limits";
import { giveBack, type Limit, retryAfterSeconds, takeAttemptIfRoom } from "../lib/rate-limit";
import { DomainError } from "./errors";
import { assertNotPaused } from "./trusted-reporters";
import { assertMayWriteFirst } from "./verification";

type LimitSettings = Pick<StoredSettings, "new_conversations_per_day" | "new_conversations_per_day_verified">;

type Sender = Pick<MemberRow, "id" | "main_image_id" | "verified_image_id">;

/**
 * Whether the member's photos are verified (photo verification, docs/decisions/059): a moderator
 * verified the member's main photo, and it is still the main photo.
 */
export function isVerified(member: Pick<MemberRow, "main_image_id" | "verified_image_id">): boolean {
  return isVerifiedMember(member);
}

/** The member's limit today (contract/rules/trust-limits.ts). */
export async function newConversationsLimitOf(db: Db, member: Sender, settings: LimitSettings): Promise<number> {
  const upheldReports = await countUpheldReports(db, member.id);
  return newConversationsPerDay(settings, { verified: isVerified(member), upheldReports });
}

/** A place taken in the member's day: given back when the send does not go through. */
export interface NewConversationPlace {
  limit: Limit;
  takenAt: number;
}

/**
 * Takes a place in the member's new conversations of today when this message would start one
 * (nothing written in the conversation yet, by either side, and not with an entertainment
 * profile); null when it would not (a reply, or paid chat). Refuses with new_conversations_limit
 * (429, retry_after: seconds until the next UTC day; limit: the member's number) when the day is full,
 * and with new_conversations_paused (403) while a pause after trusted reports is in force.
 */
export async function takeNewConversation(
  db: Db,
  message: { member: Sender; conversation: number; otherId: number },
  settings: LimitSettings,
  now = Date.now(),
): Promise<NewConversationPlace | null> {
  const facts = await newConversationFacts(db, message.conversation, message.otherId);
  if (facts.hasMessages || facts.withEntertainmentProfile) return null;
  // "Only verified members can write to me" (docs/decisions/059): refused before anything is taken.
  await assertMayWriteFirst(db, message.member, message.otherId);
  // Paused after trusted reports (docs/decisions/058): refused before a place is taken or anything charged.
  await assertNotPaused(db, message.member.id);
  const max = await newConversationsLimitOf(db, message.member, settings);
  const limit: Limit = { key: `new-conversation:member:${message.member.id}`, max, windowMs: LIMIT_DAY_MS };
  if (await takeAttemptIfRoom(db, limit, now)) return { limit, takenAt: now };
  throw new DomainError("new_conversations_limit", `You may start ${max} new conversations a day; try again tomorrow.`, {
    fields: { text: "new_conversations_limit" },
    retry_after: retryAfterSeconds(limit, now),
    limit: max,
  });
}

/** Gives the place back: the message it was taken for was not sent (no credits, a lost race). */
export async function giveBackNewConversation(db: Db, place: NewConversationPlace | null): Promise<void> {
  if (place) await giveBack(db, place.limit, place.takenAt);
}

/**
 * After a send that took a place: two first messages sent at once in one conversation both took
 * one, but only the earlier started it; the later gives its place back.
 */
export async function settleNewConversation(
  db: Db,
  place: NewConversationPlace | null,
  sent: { conversation_id: number; id: number },
): Promise<void> {
  if (place && (await writtenBefore(db, sent.conversation_id, sent.id))) await giveBackNewConversation(db, place);
}
