/**
 * The staff console's fixed lists and bounds (ADR 029), without zod: the staff pages' forms use
 * them, and a page's bundle must not carry the schemas (contract/staff.ts has those).
 */

/** Why a decision was taken against a member (the statement of reasons' category; /pages/ban names it). */
export const BAN_CATEGORIES = [
  "spam",
  "scam",
  "harassment",
  "illegal_content",
  "minor_safety",
  "impersonation",
  "terms",
] as const;
export type BanCategory = (typeof BAN_CATEGORIES)[number];

/** A statement of reasons (DSA art. 17), as staff write it for the member: required, bounded. */
export const REASON_MIN = 10;
export const REASON_MAX = 2000;

/** What staff may decide about a member (or a photo of theirs). */
export const STAFF_ACTIONS = ["dismiss", "remove_photo", "warn", "ban", "unban"] as const;
/**
 * What a decision row may record: staff's actions, and "pause", the automated pause of a member's
 * new conversations after trusted reports (docs/decisions/058). Staff never choose "pause".
 */
export const DECISION_RECORD_ACTIONS = [...STAFF_ACTIONS, "pause"] as const;
export type StaffAction = (typeof DECISION_RECORD_ACTIONS)[number];

/** What an appeal's decision may be: the decision stands, or it is undone. */
export const APPEAL_OUTCOMES = ["upheld", "reversed"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/**
 * What a staff account does (ADR 029, 045): moderators decide reports, appeals and photos; hosts
 * answer members' messages to the entertainment profiles and see nothing else; admins do both and
 * read the audit log and the figures.
 */
export const STAFF_ROLES = ["moderator", "host", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff session cookie (not the members' `sid`): the app passes it along like `sid`. */
export const STAFF_COOKIE = "staff_sid";
