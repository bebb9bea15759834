/**
 * What deleting an account does to the database (issue 4), as one list of queries for one D1
 * batch: everything personal goes; the member row stays as an empty tombstone (status
 * 'deleted', email NULL so the address can sign up again) that the credit ledger still points
 * at, anonymised, for bookkeeping. Photos in R2 are removed by the caller after the batch.
 *
 * Conversations are anonymised: the other member keeps the conversation and its messages, and
 * the deleted side shows as a deleted member (the tombstone has no name or photo); the deleted
 * member's own view of them goes.
 */
import type { Compilable } from "kysely";
import { addressKeys } from "../lib/limit-keys";
import { runBatch, type Db } from "./client";

/** The file names of the member's photos (their R2 objects go after the batch). */
export async function photoFilenamesOf(db: Db, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom("images").select("filename").where("member_id", "=", memberId).execute();
  return rows.map((row) => row.filename);
}

/** Erases the member in one batch (eraseMemberQueries). */
export async function eraseMember(
  d1: D1Database,
  db: Db,
  member: { id: number; site_id: number; email: string | null },
  now = Date.now(),
): Promise<void> {
  await runBatch(d1, eraseMemberQueries(db, member, now));
}

export function eraseMemberQueries(
  db: Db,
  member: { id: number; site_id: number; email: string | null },
  now = Date.now(),
): Compilable[] {
  const memberId = member.id;
  return [
    // Rate-limit counters keyed by the address, built as the limiter builds them.
    ...(member.email ? [db.deleteFrom("rate_limits").where("key", "in", addressKeys(member.site_id, member.email))] : []),
    db.deleteFrom("sessions").where("member_id", "=", memberId),
    db.deleteFrom("images").where("member_id", "=", memberId),
    db.deleteFrom("likes").where((eb) => eb.or([eb("member_id", "=", memberId), eb("profile_id", "=", memberId)])),
    db.deleteFrom("notices").where("member_id", "=", memberId),
    db.deleteFrom("blocks").where((eb) => eb.or([eb("member_id", "=", memberId), eb("blocked_id", "=", memberId)])),
    db.deleteFrom("push_subscriptions").where("member_id", "=", memberId),
    db.deleteFrom("password_resets").where("member_id", "=", memberId),
    db.deleteFrom("email_changes").where("member_id", "=", memberId),
    db.deleteFrom("account_rescues").where("member_id", "=", memberId),
    db.deleteFrom("premium_cancels").where("member_id", "=", memberId),
    db.deleteFrom("conversation_members").where("member_id", "=", memberId),
    // Nobody waits any more, and what hosts noted about the member is personal data (ADR 045).
    db.deleteFrom("host_queue").where("member_id", "=", memberId),
    db.deleteFrom("member_notes").where("member_id", "=", memberId),
    // Sent mails hold the address, the name and links.
    db.deleteFrom("mail_outbox").where("member_id", "=", memberId),
    // The postback log keeps that a conversion was reported (the row also stops a second one),
    // not the address called: it held the member's click id and sub ids.
    db.updateTable("postbacks").set({ url: "", updated_at: now }).where("member_id", "=", memberId),
    db.updateTable("used_tokens").set({ member_id: null }).where("member_id", "=", memberId),
    db
      .updateTable("members")
      .set({
        status: "deleted",
        deleted_at: now,
        email: null,
        password_hash: null,
        password_salt: null,
        password_iterations: null,
        name: "",
        gender: null,
        interested_in: null,
        date_of_birth: null,
        country: null,
        countryregion: null,
        city: null,
        personal: "{}",
        fields: "{}",
        main_image_id: null,
        last_seen: null,
        search_filters: null,
        trafficsource: null,
        timezone: null,
        push_state: null,
        mailprovider: 0,
      })
      .where("id", "=", memberId),
  ];
}
