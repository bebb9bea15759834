/**
 * Who is calling: the session's member, resolved once per request by `memberScope` and kept in
 * c.var.member (null for visitors), and the guards handlers ask it through. A handler never
 * reads the session or the member row itself, so one request makes one session lookup.
 *
 * Each guard keeps the rule its calls have always had (docs/decisions/012-ledger-links-member.md):
 * - requireMember: a real member whose account is not deleted (most member calls);
 * - requireSession: any member with a session (likes, notifications, the activation poll);
 * - viewerOf: who is looking, for calls that also answer visitors (search, profile pages).
 *
 * A banned member (members.ban_decision_id set) passes none of them: each answers a designed
 * 403 account_banned, so every member call is closed to them without a rule of its own. The few
 * calls the law keeps open (the statement of reasons, the appeal, the GDPR export and erasure,
 * cancelling premium) ask `requireMemberEvenIfBanned` instead; DSA notices ask `anyViewerOf`
 * (ADR 030).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ApiContext } from "../context";
import type { MemberRow } from "../db/members";
import { ApiError, notLoggedIn } from "./errors";
import { findSessionMember } from "./sessions";
import { inheritedScope } from "./inherited-scope";

export type Member = MemberRow;

/**
 * What a member may do, read from the row; it has no column of its own. A fictional profile
 * has no login, so a session of one opens no member calls. A banned member reaches only what
 * requireMemberEvenIfBanned opens (ADR 030).
 */
export type Standing = "active" | "not_confirmed" | "deleted" | "fictional" | "banned";

export function standingOf(member: Pick<Member, "status" | "is_fictional" | "ban_decision_id">): Standing {
  if (member.status === "deleted") return "deleted";
  if (member.ban_decision_id !== null) return "banned";
  if (member.is_fictional) return "fictional";
  return member.status;
}

/** A banned member asked for a call a ban closes: the app sends them to /pages/ban. */
export const accountBanned = () =>
  new ApiError(403, "account_banned", "This account is banned. GET /api/user.php says why and how to appeal.");

/** Photos are public and a page loads dozens of them: they need no member, so no lookup. */
export const PHOTO_PATH = /^\/api\/images\//;

export const memberScope: MiddlewareHandler<ApiContext> = async (c, next) => {
  const batch = inheritedScope(c.req.raw);
  c.set("member", batch ? batch.member : PHOTO_PATH.test(c.req.path) ? null : await findSessionMember(c));
  await next();
};

/** The logged-in member, real and not deleted, or a 403 not_logged_in (account_banned when banned). */
export function requireMember(c: Context<ApiContext>): Member {
  const member = requireMemberEvenIfBanned(c);
  if (standingOf(member) === "banned") throw accountBanned();
  return member;
}

/**
 * The logged-in member, real and not deleted, banned or not: only for the calls a banned member
 * keeps by law (ADR 030): user.php (the statement of reasons), decisions.php, appeal.php, the
 * data export, deleting the account and cancelling premium.
 */
export function requireMemberEvenIfBanned(c: Context<ApiContext>): Member {
  const member = c.var.member;
  if (!member) throw notLoggedIn();
  const standing = standingOf(member);
  if (standing === "banned" && member.is_fictional === 0) return member;
  if (standing !== "active" && standing !== "not_confirmed") throw notLoggedIn();
  return member;
}

/** The member of any session, whatever the standing but banned, or a 403 not_logged_in. */
export function requireSession(c: Context<ApiContext>): Member {
  const member = c.var.member;
  if (!member) throw notLoggedIn();
  if (standingOf(member) === "banned") throw accountBanned();
  return member;
}

/**
 * The member looking at a page (fictional ones too), or null for a visitor or a deleted
 * account; a banned member is refused (account_banned), as on every member call.
 */
export function viewerOf(c: Context<ApiContext>): Member | null {
  const member = anyViewerOf(c);
  if (member && standingOf(member) === "banned") throw accountBanned();
  return member;
}

/** Who is looking, banned or not (null for a visitor or a deleted account): for calls open to anyone by law (DSA notices). */
export function anyViewerOf(c: Context<ApiContext>): Member | null {
  const member = c.var.member;
  return member && standingOf(member) !== "deleted" ? member : null;
}
