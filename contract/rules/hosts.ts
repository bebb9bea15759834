/**
 * The hosts' workplace's fixed numbers and lists (ADR 045), without zod: the console's forms use
 * them, and a page's bundle must not carry the schemas (contract/hosts.ts has those).
 */

/** How long opening a conversation holds it for the host (renewed while they type). */
export const HOST_LEASE_MS = 3 * 60 * 1000;
/** How many conversations one host may hold at once. */
export const HOST_MAX_HELD = 3;
/** Notes (persona and member) are short texts, like a notepad. */
export const HOST_NOTES_MAX = 2000;

/** Why a reply cannot go to this member now (the page says so instead of offering to send). */
export const HOST_REPLY_REFUSALS = ["member_banned", "member_deleted", "blocked", "not_waiting"] as const;
export type HostReplyRefusal = (typeof HOST_REPLY_REFUSALS)[number];
