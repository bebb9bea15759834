/**
 * Decisions about a member and appeals against them (DSA art. 17 and 20; docs/product.md "Bans
 * and appeals", ADR 030). Shared by the API, which enforces them, and the app, which shows them.
 */

/** What a moderation decision did (migrations/0018_moderation.sql). */
export const DECISION_ACTIONS = ["dismiss", "remove_photo", "warn", "ban", "unban", "pause"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/**
 * The decisions against a member: they get a statement of reasons and may appeal them; "pause" is
 * the automated pause of new conversations after trusted reports (docs/decisions/058).
 */
export const DECISIONS_AGAINST = ["warn", "remove_photo", "ban", "pause"] as const;
export type DecisionAgainst = (typeof DECISIONS_AGAINST)[number];

export function isDecisionAgainst(action: string): action is DecisionAgainst {
  return (DECISIONS_AGAINST as readonly string[]).includes(action);
}

/** An appeal's state: waiting, the decision stands, or the decision was undone. */
export const APPEAL_STATES = ["open", "upheld", "reversed"] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** An appeal's reference as shown to the member: A- and 8 letters or digits nobody misreads. */
export const APPEAL_REFERENCE = /^A-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

/** Appeals a member may send an hour (a burst, not a need: there is one per decision). */
export const APPEAL_LIMIT_PER_HOUR = 10;

/** Where a member appeals a decision: /pages/ban for the ban in force, /appeals/:id for any decision. */
export function appealPath(decisionId: number): string {
  return `/appeals/${decisionId}`;
}
