/** The queries of the development tools (endpoints/dev.ts; only where lib/dev-tools.ts allows them). */
import { sql } from "kysely";
import { notBlocked } from "./blocks";
import type { Db } from "./client";
import { signingModeratorId } from "./staff";

const DEV_MODERATOR_EMAIL = "dev-moderator@localhost.invalid";

/** The development moderator who signs decisions made with the development tools (written the first time). */
export function devModeratorId(db: Db, now: number): Promise<number> {
  return signingModeratorId(db, { email: DEV_MODERATOR_EMAIL, name: "Development moderator" }, now);
}

/** Moves a decision's date (and its appeal deadline) back. */
export async function backdateDecision(db: Db, decisionId: number, decidedAt: number, appealUntil: number): Promise<void> {
  await db
    .updateTable("moderation_decisions")
    .set({ created_at: decidedAt, appeal_until: appealUntil })
    .where("id", "=", decisionId)
    .execute();
}

/** Ends every time bonus of the member still running at `now`. */
export async function endTimeBonuses(db: Db, memberId: number, now: number): Promise<void> {
  await db
    .updateTable("discount_codes")
    .set({ valid_until: now })
    .where("member_id", "=", memberId)
    .where("kind", "=", "time_bonus")
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", now)]))
    .execute();
}

/** A site's newest outbox mails, newest first. */
export function listOutboxMails(db: Db, siteId: number, limit: number) {
  return db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "text", "html", "created_at", "delivered_at"])
    .where("site_id", "=", siteId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The TOTP secrets of the staff accounts with these addresses (the development codes page). */
export function findStaffSecrets(db: Db, emails: readonly string[]) {
  return db.selectFrom("staff").select(["email", "totp_secret"]).where("email", "in", emails).execute();
}

/** A random entertainment profile shown on the site (not blocked either way with the member), or undefined. */
export function randomEntertainmentProfile(db: Db, siteId: number, memberId: number) {
  return db
    .selectFrom("members")
    .select("id")
    .where("is_fictional", "=", 1)
    .where("status", "=", "active")
    .where("site_id", "=", siteId)
    .where(notBlocked(memberId, "members.id"))
    .orderBy(sql`random()`)
    .limit(1)
    .executeTakeFirst();
}
