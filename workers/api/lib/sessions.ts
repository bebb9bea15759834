/**
 * Server-side sessions (docs/architecture.md §7): a random id in an HttpOnly, SameSite=Lax cookie; only
 * the id's SHA-256 is stored, with an expiry. Rotated at login, destroyed at logout.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiContext } from "../context";
import type { MemberRow } from "../db/members";

export const SESSION_COOKIE = "sid";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function isHttps(c: Context<ApiContext>): boolean {
  const proto = c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  return proto === "https";
}

/**
 * The member this request's session belongs to, in one query: the session row (this site's,
 * unexpired) joined with its member row (this site's, whatever its status). Null without a
 * usable session. Read once per request by lib/member.ts; handlers use c.var.member.
 */
export async function findSessionMember(c: Context<ApiContext>): Promise<MemberRow | null> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return null;
  const row = await c.var.db
    .selectFrom("sessions as s")
    .innerJoin("members as m", "m.id", "s.member_id")
    .selectAll("m")
    .where("s.id_hash", "=", await sha256(id))
    .where("s.site_id", "=", c.var.site.id)
    .where("s.expires_at", ">", Date.now())
    .where("m.site_id", "=", c.var.site.id)
    .executeTakeFirst();
  return row ?? null;
}

export async function startSession(c: Context<ApiContext>, memberId: number): Promise<void> {
  await forgetStoredSession(c); // rotation: an id the browser had before login is never a member's
  const id = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
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
  await c.var.db
    .deleteFrom("sessions")
    .where("id_hash", "=", await sha256(id))
    .execute();
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
