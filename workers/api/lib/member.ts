/**
 * Who is calling: the session's member, resolved once per request by `memberScope` and kept in
 * c.var.member (null for visitors), and the guards handlers ask it through. A handler never
 * reads the session or the member row itself, so one request makes one session lookup.
 *
 * Each guard keeps the rule its calls have always had (docs/decisions/012-ledger-links-member.md):
 * - requireMember: a real member whose account is not deleted (most member calls);
 * - requireSession: any member with a session (likes, notifications, the activation poll);
 * - viewerOf: who is looking, for calls that also answer visitors (search, profile pages).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ApiContext } from "../context";
import type { MemberRow } from "../db/members";
import { notLoggedIn } from "./errors";
import { findSessionMember } from "./sessions";

export type Member = MemberRow;

/**
 * What a member may do, read from the row; it has no column of its own. A fictional profile
 * has no login, so a session of one opens no member calls. A ban would be one more standing here.
 */
export type Standing = "active" | "not_confirmed" | "deleted" | "fictional";

export function standingOf(member: Pick<Member, "status" | "is_fictional">): Standing {
  if (member.status === "deleted") return "deleted";
  if (member.is_fictional) return "fictional";
  return member.status;
}

/** Photos are public and a page loads dozens of them: they need no member, so no lookup. */
export const PHOTO_PATH = /^\/api\/images\//;

export const memberScope: MiddlewareHandler<ApiContext> = async (c, next) => {
  c.set("member", PHOTO_PATH.test(c.req.path) ? null : await findSessionMember(c));
  await next();
};

/** The logged-in member, real and not deleted, or a 403 not_logged_in. */
export function requireMember(c: Context<ApiContext>): Member {
  const member = c.var.member;
  if (!member) throw notLoggedIn();
  const standing = standingOf(member);
  if (standing !== "active" && standing !== "not_confirmed") throw notLoggedIn();
  return member;
}

/** The member of any session, whatever the standing, or a 403 not_logged_in. */
export function requireSession(c: Context<ApiContext>): Member {
  const member = c.var.member;
  if (!member) throw notLoggedIn();
  return member;
}

/** The member looking at a page (fictional ones too), or null for a visitor or a deleted account. */
export function viewerOf(c: Context<ApiContext>): Member | null {
  const member = c.var.member;
  return member && standingOf(member) !== "deleted" ? member : null;
}
