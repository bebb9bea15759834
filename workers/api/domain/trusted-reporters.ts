/**
 * Trusted reporters (issue 30 point 5; docs/product.md "Trusted reporters", docs/decisions/058).
 *
 * After a member's report for scam or spam: when REPORTERS_TO_PAUSE distinct trusted reporters
 * (contract/rules/trusted-reporters.ts) reported the same member within a day, on any site, that
 * member's new conversations pause until a moderator decides. The pause is a case of kind 'pause'
 * on the member's own site (their staff's queue) with an automated decision 'pause': the statement
 * of reasons the member sees in their notifications and may appeal (DSA art. 17, 20). It is in
 * force while its case is open: a moderator's dismissal lifts it, a warning or ban replaces it,
 * an appeal reversed lifts it. Replies, and messages to entertainment profiles, still go
 * (domain/trust-limits.ts asks assertNotPaused only for a message that starts a conversation).
 */
import {
  AUTOMATED_STATEMENT_START,
  countsTowardsPause,
  PAUSE_WINDOW_MS,
  REPORTERS_TO_PAUSE,
  TRUSTED_CLEAN_RECORD_MS,
  TRUSTED_MIN_AGE_MS,
} from "../../../contract/rules/trusted-reporters";
import type { Db } from "../db/client";
import { automatedModeratorId, findOpenPause, insertPause, trustedReportsAbout } from "../db/trusted-reporters";
import { newReference } from "../lib/references";
import { DomainError } from "./errors";
import { APPEAL_WINDOW_MS } from "./moderation";

/** The statement of reasons of an automated pause (the member's app translates it; this is the record). */
function statementOfReasons(category: string, reporters: number): string {
  return [
    `${AUTOMATED_STATEMENT_START}${category} (our terms; the safety of members).`,
    `Facts: ${reporters} members with a good report record reported your account for ${category} within 24 hours.`,
    "This decision was taken by automated means, without a person; a moderator reviews it.",
    "Effect: you cannot start new conversations until a moderator decides; you can still reply in your conversations.",
    "You may appeal this decision within six months from your notifications.",
  ].join(" ");
}

/**
 * Pauses the reported member when this report makes enough trusted ones. Idempotent: ten reports
 * at once write one pause (the unique index of migrations/0038). Answers whether this call paused.
 */
export async function pauseAfterTrustedReports(
  d1: D1Database,
  db: Db,
  report: { subjectId: number; category: string },
  now = Date.now(),
): Promise<boolean> {
  if (!countsTowardsPause(report.category)) return false;
  if (await findOpenPause(db, report.subjectId)) return false;
  const reports = await trustedReportsAbout(db, report.subjectId, {
    since: now - PAUSE_WINDOW_MS,
    madeBefore: now - TRUSTED_MIN_AGE_MS,
    cleanSince: now - TRUSTED_CLEAN_RECORD_MS,
  });
  if (reports.length < REPORTERS_TO_PAUSE) return false;
  return pauseMember(d1, db, {
    memberId: report.subjectId,
    category: report.category,
    references: reports.map((r) => r.reference),
    now,
  });
}

/**
 * Writes the pause (the case, its automated decision, the audit line) unless one is in force.
 * Also what the development call POST /api/dev/pause.php writes for the e2e tests.
 */
export async function pauseMember(
  d1: D1Database,
  db: Db,
  pause: { memberId: number; category: string; references: string[]; now?: number },
): Promise<boolean> {
  const now = pause.now ?? Date.now();
  const staffId = await automatedModeratorId(db, now);
  const reporters = pause.references.length;
  return insertPause(d1, {
    reference: newReference("P"),
    memberId: pause.memberId,
    category: pause.category,
    explanation: `Automated: ${reporters} trusted reporters within 24 hours (${pause.references.join(", ")}).`,
    reason: statementOfReasons(pause.category, reporters),
    staffId,
    appealUntil: now + APPEAL_WINDOW_MS,
    now,
  });
}

/** Refuses a message that would start a conversation while the member's pause is in force. */
export async function assertNotPaused(db: Db, memberId: number): Promise<void> {
  if (await findOpenPause(db, memberId)) {
    throw new DomainError(
      "new_conversations_paused",
      "Your new conversations are paused until a moderator has looked at reports about your account.",
      { fields: { text: "new_conversations_paused" } },
    );
  }
}
