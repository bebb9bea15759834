/**
 * Trusted reporters (issue 30 point 5; docs/product.md "Trusted reporters", docs/decisions/058):
 * two members with a good report record reporting one member for scam or spam within a day pause
 * that member's new conversations until a moderator decides. Zod-free: the API enforces these,
 * the docs and the app name them.
 */

/** The report categories that count towards a pause. */
export const PAUSE_CATEGORIES = ["scam", "spam"] as const;

/** Distinct trusted reporters needed within PAUSE_WINDOW_MS. */
export const REPORTERS_TO_PAUSE = 2;

/** "Within a day": the reports counted are those of the last 24 hours, on any site. */
export const PAUSE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A trusted reporter's account is at least this old. */
export const TRUSTED_MIN_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** …and none of their reports was dismissed within this long. */
export const TRUSTED_CLEAN_RECORD_MS = 90 * 24 * 60 * 60 * 1000;

/** The decision's action and the case's kind of a pause (moderation_decisions, moderation_cases). */
export const PAUSE_ACTION = "pause";

export function countsTowardsPause(category: string): boolean {
  return (PAUSE_CATEGORIES as readonly string[]).includes(category);
}

/**
 * How the automated statement of reasons begins (the English record the API stores): the member's
 * pages show it translated; a staff's reason on a "pause" row (an appeal upheld) is shown as written.
 */
export const AUTOMATED_STATEMENT_START = "Ground: reports for ";
