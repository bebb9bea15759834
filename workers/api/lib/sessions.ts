/**
 * Server-side sessions (docs/architecture.md §7): a random id in an HttpOnly, SameSite=Lax cookie; only
 * the id's SHA-256 is stored, with an expiry. Rotated at login, destroyed at logout.
 */
import type { Context } from "hono";
import { CompiledQuery } from "kysely";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiContext } from "../context";
import type { MemberRow } from "../db/members";
import { findSite, knownVersions, type Site, siteOf } from "./site";
import { sha256Hex } from "./sha256";

export const SESSION_COOKIE = "sid";

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
  const found = foundWithSite.get(c.req.raw);
  if (found !== undefined) return found;
  const siteId = c.var.site.id;
  const { rows } = await c.var.db.executeQuery<MemberRow>(
    CompiledQuery.raw(SESSION_MEMBER_SQL, [await sha256Hex(id), siteId, Date.now(), siteId]),
  );
  return rows[0] ?? null;
}

/** Asked by every member call: written as SQL once, so a call builds and compiles no query for it (docs/decisions/033-member-page-cost.md). */
const SESSION_MEMBER_SQL =
  "select m.* from sessions as s inner join members as m on m.id = s.member_id where s.id_hash = ? and s.site_id = ? and s.expires_at > ? and m.site_id = ?";

/** Members found by findSiteAndSessionMember, for findSessionMember to hand on without a second query. */
const foundWithSite = new WeakMap<Request, MemberRow | null>();

/**
 * The site for this host and, when the request has a session cookie, the session's member, in
 * one query (docs/decisions/033-member-page-cost.md): every member call needs both, and each
 * D1 query is a round trip. Same rules as findSite and findSessionMember: the host's site, else
 * the default one; a session of that site, unexpired, whose member is that site's.
 */
export async function findSiteAndSessionMember(c: Context<ApiContext>, host: string): Promise<Site> {
  const id = getCookie(c, SESSION_COOKIE);
  if (!id) return findSite(c.var.db, host);
  const { rows } = await c.var.db.executeQuery<SiteAndMemberRow>(
    CompiledQuery.raw(SITE_AND_SESSION_MEMBER_SQL, [knownVersions(), await sha256Hex(id), Date.now(), host]),
  );
  const row = rows.find((r) => r.site__host === host) ?? rows[0];
  if (!row) return findSite(c.var.db, host); // no site at all: findSite answers it
  const { site__id, site__host, site__settings, site__version, ...member } = row;
  const site = await siteOf(c.var.db, {
    id: site__id,
    host: site__host,
    settings: site__settings,
    settings_version: site__version,
  });
  foundWithSite.set(c.req.raw, member.id === null ? null : (member as MemberRow));
  return site;
}

type SiteAndMemberRow = { site__id: number; site__host: string; site__settings: string | null; site__version: number } & {
  [K in keyof MemberRow]: MemberRow[K] | null;
};

const SITE_AND_SESSION_MEMBER_SQL =
  "select st.id as site__id, st.host as site__host, st.settings_version as site__version," +
  " case when st.settings_version = json_extract(?, '$.\"' || st.id || '\"') then null else st.settings end as site__settings," +
  " m.* from sites as st" +
  " left join sessions as s on s.id_hash = ? and s.site_id = st.id and s.expires_at > ?" +
  " left join members as m on m.id = s.member_id and m.site_id = st.id" +
  " where st.host = ? or st.is_default = 1";

export async function startSession(c: Context<ApiContext>, memberId: number): Promise<void> {
  await forgetStoredSession(c); // rotation: an id the browser had before login is never a member's
  const id = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  const ttlSeconds = Number(c.env.SESSION_TTL_SECONDS);
  const now = Date.now();
  await c.var.db
    .insertInto("sessions")
    .values({
      id_hash: await sha256Hex(id),
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
    .where("id_hash", "=", await sha256Hex(id))
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
  if (id) query = query.where("id_hash", "!=", await sha256Hex(id));
  await query.execute();
}
