/**
 * The statements behind `npm run staff` (scripts/staff.ts): staff accounts of the moderation
 * console (docs/decisions/029-staff-moderation-console.md), made, reset, disabled and enabled
 * with SQL that `wrangler d1 execute` runs on the local state or on the deployed database.
 * Pure, so the unit tests check what an operator's command writes.
 */
import { Secret, TOTP } from "otpauth";
import { hashPassword } from "../workers/api/lib/passwords";
import { encodeStaffPassword } from "../workers/api/lib/staff";
import { TOTP_PERIOD_SECONDS } from "../workers/api/lib/totp";

export { STAFF_ROLES, type StaffRole } from "../contract/rules/staff";
import type { StaffRole } from "../contract/rules/staff";

/** What a new or reset account's owner is given, once: nothing of it is kept in clear text. */
export interface Credentials {
  password: string;
  /** base32, for an authenticator app that takes a typed key. */
  secret: string;
  /** otpauth://totp/… for an authenticator app that scans a QR code of it. */
  uri: string;
  /** What goes into the staff row. */
  passwordHash: string;
}

/** A SQL string literal (single quotes doubled): the values are an operator's, but a name may hold a quote. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A random password (20 characters of base64url: 120 bits) and TOTP secret (20 bytes: RFC 4226's size). */
export async function newCredentials(email: string, issuer: string): Promise<Credentials> {
  const password = Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString("base64url");
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer, label: email, secret, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS });
  return {
    password,
    secret: secret.base32,
    uri: totp.toString(),
    passwordHash: encodeStaffPassword(await hashPassword(password)),
  };
}

/** A host's --languages ("nl, de") as the stored list ("nl,de"), or null when any is not a language code. */
export function parseLanguages(text: string): string | null {
  const codes = text
    .split(",")
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  return codes.length > 0 && codes.every((code) => /^[a-z]{2}$/.test(code)) ? codes.join(",") : null;
}

/**
 * A new account; siteId null = staff of every site; languages null = every language (a host's,
 * ADR 045). Fails on an address already in use (UNIQUE).
 */
export function addStatement(
  account: { email: string; name: string; role: StaffRole; siteId: number | null; languages?: string | null },
  credentials: Credentials,
  now: number,
): string {
  const site = account.siteId === null ? "NULL" : String(account.siteId);
  const languages = account.languages ? sqlText(account.languages) : "NULL";
  return `INSERT INTO staff (site_id, email, name, role, languages, password_hash, totp_secret, created_at) VALUES (${site}, ${sqlText(account.email)}, ${sqlText(account.name)}, ${sqlText(account.role)}, ${languages}, ${sqlText(credentials.passwordHash)}, ${sqlText(credentials.secret)}, ${now});`;
}

const endSessions = (email: string) =>
  `DELETE FROM staff_sessions WHERE staff_id IN (SELECT id FROM staff WHERE email = ${sqlText(email)});`;

/** A new password and a new second factor (a lost phone, a forgotten password); signed-in sessions end. */
export function resetStatements(email: string, credentials: Credentials): string[] {
  return [
    `UPDATE staff SET password_hash = ${sqlText(credentials.passwordHash)}, totp_secret = ${sqlText(credentials.secret)}, totp_last_step = 0 WHERE email = ${sqlText(email)};`,
    endSessions(email),
  ];
}

/** The account can no longer sign in (its decisions and audit lines stay); signed-in sessions end. */
export function disableStatements(email: string, now: number): string[] {
  return [`UPDATE staff SET disabled_at = ${now} WHERE email = ${sqlText(email)};`, endSessions(email)];
}

export function enableStatement(email: string): string {
  return `UPDATE staff SET disabled_at = NULL WHERE email = ${sqlText(email)};`;
}
