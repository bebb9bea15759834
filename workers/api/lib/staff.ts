/**
 * Staff sessions and scope (ADR 029). Staff are not members: their session is a row of
 * staff_sessions, its random id in the `staff_sid` cookie (HttpOnly, SameSite=Strict; path /,
 * since the app's data requests for /staff are /staff.data), only its SHA-256 stored. It starts after the password
 * with totp_ok = 0, good for ten minutes and only for the code; the right code replaces it with
 * a full session of eight hours.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { STAFF_COOKIE, STAFF_ROLES, type StaffRole } from "../../../contract/staff";
import type { ApiContext } from "../context";
import { deleteStaffSession, findStaffBySession, insertStaffSession } from "../db/staff";
import { ApiError } from "./errors";
import type { PasswordHash } from "./passwords";
import { sha256Hex } from "./sha256";

export const HALF_SESSION_MS = 10 * 60 * 1000;
export const FULL_SESSION_MS = 8 * 60 * 60 * 1000;
const COOKIE_PATH = "/";

export interface StaffRow {
  id: number;
  site_id: number | null;
  email: string;
  name: string;
  role: StaffRole;
  /** A host's languages, comma-separated; null: every language (ADR 045). */
  languages: string | null;
  totp_secret: string;
  totp_last_step: number;
}

/** Staff passwords are one column: "pbkdf2$iterations$salt$hash" (the members' PBKDF2, ADR 002). */
export function encodeStaffPassword(hash: PasswordHash): string {
  return `pbkdf2$${hash.iterations}$${hash.salt}$${hash.hash}`;
}

export function decodeStaffPassword(text: string): PasswordHash | null {
  const [scheme, iterations, salt, hash] = text.split("$");
  if (scheme !== "pbkdf2" || !salt || !hash || !Number(iterations)) return null;
  return { iterations: Number(iterations), salt, hash };
}

function isHttps(c: Context<ApiContext>): boolean {
  const proto = c.req.header("x-forwarded-proto") ?? new URL(c.req.url).protocol.replace(":", "");
  return proto === "https";
}

/** The staff account and session of this request's cookie (unexpired, account not disabled), or null. */
async function findStaffSession(c: Context<ApiContext>) {
  const id = getCookie(c, STAFF_COOKIE);
  if (!id) return null;
  const row = await findStaffBySession(c.var.db, await sha256Hex(id), Date.now());
  return row ?? null;
}

/** Who may call the moderation calls (cases, appeals, photos, decisions): not hosts (ADR 045). */
export const MODERATORS: readonly StaffRole[] = ["moderator", "admin"];
/** Who may call the hosts' calls (the queue, conversations, replies, notes). */
export const HOSTS: readonly StaffRole[] = ["host", "admin"];
/** Who may manage entertainment profiles and read the figures. */
export const ADMINS: readonly StaffRole[] = ["admin"];

/** A stored role as one of STAFF_ROLES; anything else counts as the least powerful, a host. */
function roleOf(stored: string): StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(stored) ? (stored as StaffRole) : "host";
}

/**
 * The staff account calling. Without a staff session: 403 staff_only for a member (a member
 * session opens no staff call), 401 staff_login_required for anyone else. A session still
 * waiting for its code opens only what `halfOk` allows (401 totp_required otherwise). `roles`:
 * who may make this call (default: the moderation calls' MODERATORS); anyone else 403 staff_role.
 */
export async function requireStaff(
  c: Context<ApiContext>,
  options: { halfOk?: boolean; roles?: readonly StaffRole[] } = {},
): Promise<StaffRow & { totpOk: boolean; sessionHash: string }> {
  const row = await findStaffSession(c);
  if (!row) {
    if (c.var.member) throw new ApiError(403, "staff_only", "Staff only.");
    throw new ApiError(401, "staff_login_required", "Log in as staff first.");
  }
  if (!row.totp_ok && !options.halfOk) throw new ApiError(401, "totp_required", "Give the code of your authenticator app first.");
  const { totp_ok, id_hash, ...staff } = row;
  const role = roleOf(staff.role);
  if (!options.halfOk && !(options.roles ?? MODERATORS).includes(role)) {
    throw new ApiError(403, "staff_role", "Your role does not include this.");
  }
  return { ...staff, role, totpOk: totp_ok === 1, sessionHash: id_hash };
}

/** A host's languages as a list; null: every language. */
export function languagesOf(staff: Pick<StaffRow, "languages">): string[] | null {
  if (staff.languages === null) return null;
  return staff.languages
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
}

/** Starts a session (half until the code), replacing the one the browser had. */
export async function startStaffSession(c: Context<ApiContext>, staffId: number, totpOk: boolean): Promise<void> {
  await endStaffSession(c, { keepCookie: true });
  const id = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
  const now = Date.now();
  const ttl = totpOk ? FULL_SESSION_MS : HALF_SESSION_MS;
  await insertStaffSession(c.var.db, {
    idHash: await sha256Hex(id),
    staffId,
    totpOk,
    createdAt: now,
    expiresAt: now + ttl,
  });
  setCookie(c, STAFF_COOKIE, id, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c),
    path: COOKIE_PATH,
    maxAge: Math.floor(ttl / 1000),
  });
}

export async function endStaffSession(c: Context<ApiContext>, options: { keepCookie?: boolean } = {}): Promise<void> {
  const id = getCookie(c, STAFF_COOKIE);
  if (!id) return;
  await deleteStaffSession(c.var.db, await sha256Hex(id));
  if (!options.keepCookie) {
    deleteCookie(c, STAFF_COOKIE, { path: COOKIE_PATH, secure: isHttps(c), httpOnly: true, sameSite: "Strict" });
  }
}

/** Whether a site is on this staff account's scope (site_id null: every site). */
export function inScope(staff: Pick<StaffRow, "site_id">, siteId: number): boolean {
  return staff.site_id === null || staff.site_id === siteId;
}
