/**
 * Server-side sessions (DESIGN.md §7): a random id in an HttpOnly, SameSite=Lax cookie; only
 * the id's SHA-256 is stored, with an expiry. Rotated at login, destroyed at logout.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiContext } from "../context";
import { findMember } from "../db/members";
import { notLoggedIn } from "./errors";

export const SESSION_COOKIE = "sid";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function isHttps(c: Context<ApiContext>): boolean {
  const proto = c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  return proto === "https";
}

/** The logged-in member's id for this site, or null. Expired sessions count as none. */
export async function currentMemberId(c: Context<ApiContext>): Promise<number | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return null;
  const row = await c.var.db
    .selectFrom("sessions")
    .select(["member_id", "expires_at"])
    .where("id_hash", "=", await sha256(id))
    .where("site_id", "=", c.var.site.id)
    .executeTakeFirst();
  if (!row || row.expires_at <= Date.now()) return null;
  return row.member_id;
}

export async function startSession(c: Context<ApiContext>, memberId: number): Promise<void> {
  await forgetStoredSession(c); // rotation: an id the browser had before login is never a member's
  const id = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  const ttlSeconds = Number(c.env.SESSION_TTL_SECONDS);
  const now = Date.now();
  await c.var.db
    .insertInto("sessions")
    .values({
      id_hash: await sha256(id),
      member_id: memberId,
      site_id: c.var.site.id,
      created_at: now,
      expires_at: now + ttlSeconds * 1000,
    })
    .execute();
  setCookie(c, SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    maxAge: ttlSeconds,
  });
}

async function forgetStoredSession(c: Context<ApiContext>): Promise<boolean> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return false;
  await c.var.db.deleteFrom("sessions").where("id_hash", "=", await sha256(id)).execute();
  return true;
}

export async function endSession(c: Context<ApiContext>): Promise<void> {
  if (await forgetStoredSession(c)) {
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c), httpOnly: true, sameSite: "Lax" });
  }
}

/** Ends every session of the member except the one this request came with (password change). */
export async function endOtherSessions(c: Context<ApiContext>, memberId: number): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE);
  let query = c.var.db.deleteFrom("sessions").where("member_id", "=", memberId);
  if (id) query = query.where("id_hash", "!=", await sha256(id));
  await query.execute();
}

/** The logged-in (real, not deleted) member of this request's site, or a 403 not_logged_in. */
export async function requireMember(c: Context<ApiContext>) {
  const memberId = await currentMemberId(c);
  const member = memberId === null ? undefined : await findMember(c.var.db, c.var.site.id, memberId);
  if (!member || member.is_fictional) throw notLoggedIn();
  return member;
}
