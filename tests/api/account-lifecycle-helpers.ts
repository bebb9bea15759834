/**
 * What the account lifecycle tests share (account-*.test.ts of issue 4): the mail change calls and
 * their mails, a member's rows, photos and push subscriptions as the app leaves them, and a sign-up.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  ApiErrorSchema,
  CsrfAnswerSchema,
  EmailCheckSchema,
  MailChangeSentSchema,
  MailChangeTokenSchema,
  PushAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, type createMember, sessionCookie } from "./helpers";

const SITE1 = "localhost:8787";

export const SITE2 = "127.0.0.1";

export const MAIL_CHANGE = "/api/mail_change.php";

export const DAY = 24 * 60 * 60 * 1000;

type Member = Awaited<ReturnType<typeof createMember>>;

/** Every caller its own client IP, so one test's per-IP limits never touch another's. */
export function newIp(): string {
  return `lifecycle-${crypto.randomUUID()}`;
}

let emailCounter = 0;

export function freshEmail(domain = "example.com"): string {
  return `changed${Date.now()}x${++emailCounter}@${domain}`;
}

export async function errorOf(response: Response, status: number, code: string) {
  expect(response.status, `expected ${status} ${code}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(code);
  return body;
}

export async function me(cookie: string, host?: string) {
  const response = await call("/api/user.php", { cookie, host });
  expect(response.status).toBe(200);
  return UserAnswerSchema.parse(await response.json()).user;
}

export async function userStatus(cookie: string, host?: string): Promise<number> {
  return (await call("/api/user.php", { cookie, host })).status;
}

export function login(email: string, password: string, host?: string) {
  return call("/api/login.php", { method: "POST", json: { email, password }, host, headers: { "x-client-ip": newIp() } });
}

export function requestChange(cookie: string | undefined, body: unknown, host?: string) {
  return call(MAIL_CHANGE, { method: "POST", json: body, cookie, host });
}

export function applyChange(token: unknown, options: { host?: string; cookie?: string } = {}) {
  return call(`${MAIL_CHANGE}?do=1`, { method: "POST", json: { token }, host: options.host, cookie: options.cookie });
}

export async function checkToken(token: string, host?: string) {
  const response = await call(`${MAIL_CHANGE}?token=${encodeURIComponent(token)}`, { host });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  return MailChangeTokenSchema.parse(await response.json());
}

interface MailRow {
  id: number;
  site_id: number;
  member_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  delivered_at: number | null;
}

export async function mails(memberId: number, kind: "mail_change" | "mail_changed"): Promise<MailRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM mail_outbox WHERE member_id = ? AND kind = ? ORDER BY id")
    .bind(memberId, kind)
    .all<MailRow>();
  return results;
}

export function changeLinkIn(text: string): URL {
  const match = /https?:\/\/\S+\/mail-change\/do\?token=[0-9a-f]{64}/.exec(text);
  if (!match) throw new Error(`no mail change link in:\n${text}`);
  return new URL(match[0]);
}

/** Asks to move the member to `newEmail` and returns the token from the confirmation mail. */
export async function changeToken(member: Member, cookie: string, newEmail: string, host?: string): Promise<string> {
  const response = await requestChange(cookie, { email: newEmail, password: member.password }, host);
  expect(response.status).toBe(200);
  expect(MailChangeSentSchema.parse(await response.json()).email).toBe(newEmail);
  const mail = (await mails(member.id, "mail_change")).at(-1);
  if (!mail) throw new Error("no mail change mail was written");
  expect(mail.to_address).toBe(newEmail);
  return changeLinkIn(mail.text).searchParams.get("token")!;
}

export async function memberRow(id: number) {
  return (await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

export async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

let fileCounter = 0;

export const largeKey = (thumb: string) => thumb.replace(/\.jpg$/, "-large.jpg");

/** Photos as an upload leaves them: rows by position, both versions in R2, the first one main. */
export async function addImages(memberId: number, n: number) {
  const keys: string[] = [];
  for (let position = 0; position < n; position++) {
    const key = `u${memberId}-lifecycle${++fileCounter}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 1]));
    await env.PHOTOS.put(largeKey(key), new Uint8Array([0xff, 0xd8, 0xff, 2]));
    const row = await env.DB.prepare(
      "INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
      .bind(memberId, key, position, Date.now())
      .first<{ id: number }>();
    if (position === 0) await env.DB.prepare("UPDATE members SET main_image_id = ? WHERE id = ?").bind(row!.id, memberId).run();
    keys.push(key);
  }
  return keys;
}

export function like(cookie: string, profile: number) {
  return call("/api/likes.php", { method: "POST", json: { profile }, cookie });
}

function pushSubscription(host: string) {
  return {
    endpoint: `https://${host}/send/${crypto.randomUUID()}`,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  };
}

export async function subscribe(cookie: string, host = "push.example.com") {
  const subscription = pushSubscription(host);
  const response = await call("/api/user.php?push=1", { method: "POST", json: { subscription }, cookie });
  expect(response.status).toBe(200);
  expect(PushAnswerSchema.parse(await response.json())).toEqual({ push: "subscribed" });
  return subscription;
}

export function deleteAccount(cookie: string | undefined, body: unknown = {}) {
  return call("/api/user.php", { method: "DELETE", json: body, cookie });
}

/** A sign-up as the app does it: csrf, the address check's token, then POST user.php?new=1. */
export async function signUp(email: string, options: { password?: string; host?: string } = {}) {
  const ip = newIp();
  const host = options.host ?? SITE1;
  const check = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": ip },
  });
  expect(check.status).toBe(200);
  const checked = EmailCheckSchema.parse(await check.json());
  expect(checked.status).toBe("new");
  const csrfResponse = await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } });
  const { csrf } = CsrfAnswerSchema.parse(await csrfResponse.json());
  const response = await call("/api/user.php?new=1", {
    method: "POST",
    host,
    headers: { "x-client-ip": ip },
    json: {
      email,
      name: "Again",
      password: options.password ?? "a fresh password",
      country: "NL",
      language: "en",
      timezone: "Europe/Amsterdam",
      csrf,
      token: checked.token,
    },
  });
  expect(response.status).toBe(201);
  return { user: UserAnswerSchema.parse(await response.json()).user, cookie: sessionCookie(response) };
}

export async function emailCheckStatus(email: string, host = SITE1) {
  const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host,
    headers: { "x-client-ip": newIp() },
  });
  expect(response.status).toBe(200);
  return EmailCheckSchema.parse(await response.json()).status;
}
