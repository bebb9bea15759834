/**
 * What the staff console tests share (staff-*.test.ts): staff accounts with a second factor, their
 * login, the reason a decision gives, and the error check.
 */
import { env } from "cloudflare:workers";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { ApiErrorSchema } from "../../contract/schemas";
import { STAFF_COOKIE } from "../../contract/staff";
import { encodeStaffPassword } from "../../workers/api/lib/staff";
import { hashPassword } from "../../workers/api/lib/passwords";
import { call } from "./helpers";

export const PASSWORD = "staff password 1";

let staffCounter = 0;

function randomSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function codeAt(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
}

export async function createStaff(options: { siteId: number | null; role?: "moderator" | "admin" }) {
  const email = `staff${Date.now()}-${++staffCounter}@example.com`;
  const secret = randomSecret();
  const hash = encodeStaffPassword(await hashPassword(PASSWORD));
  const row = await env.DB.prepare(
    "INSERT INTO staff (site_id, email, name, role, password_hash, totp_secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(options.siteId, email, `Staff ${staffCounter}`, options.role ?? "moderator", hash, secret, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, email, secret };
}

function staffCookieOf(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!header) throw new Error("no staff cookie was set");
  return header.split(";")[0]!;
}

export async function halfLogin(staff: { email: string }) {
  const response = await call("/api/staff/login.php", { method: "POST", json: { email: staff.email, password: PASSWORD } });
  expect(response.status).toBe(200);
  return staffCookieOf(response);
}

export async function staffLogin(staff: { email: string; secret: string }) {
  const half = await halfLogin(staff);
  const response = await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: codeAt(staff.secret) } });
  if (response.status !== 200) throw new Error(`totp: ${response.status} ${await response.text()}`);
  return staffCookieOf(response);
}

export async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

export const REASON = "You sent insulting messages to several members.";
