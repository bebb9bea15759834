/**
 * What the sign-up tests share (signup-*.test.ts): each test its own client IP and address, the csrf
 * token and the address check's token fetched for real, a complete sign-up, and the error shape.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ApiErrorSchema, CsrfAnswerSchema, EmailCheckSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, sessionCookie } from "./helpers";

export const SITE1 = "localhost:8787";

export const SITE2 = "127.0.0.1:8787";

// Every test gets its own client IP, so the per-IP rate limits of one test never touch another.
let ipCounter = 0;

export const newIp = () => {
  const n = ++ipCounter;
  return `10.3.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

let emailCounter = 0;

export const freshEmail = (domain = "example.com", prefix = "signup") => `${prefix}${Date.now()}x${++emailCounter}@${domain}`;

export async function getCsrf(host = SITE1, ip = newIp()): Promise<string> {
  const response = await call("/api/csrf.php", { host, headers: { "x-client-ip": ip } });
  expect(response.status).toBe(200);
  return CsrfAnswerSchema.parse(await response.json()).csrf;
}

export async function checkEmail(email: string, opts: { host?: string; ip?: string } = {}) {
  const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
    host: opts.host ?? SITE1,
    headers: { "x-client-ip": opts.ip ?? newIp() },
  });
  expect(response.status).toBe(200);
  return EmailCheckSchema.parse(await response.json());
}

export async function tokenFor(email: string, host = SITE1, ip?: string): Promise<string> {
  const check = await checkEmail(email, { host, ip });
  expect(check.status).toBe("new");
  return check.token;
}

export function postSignup(body: unknown, opts: { host?: string; ip: string; raw?: string }) {
  return call("/api/user.php?new=1", {
    method: "POST",
    host: opts.host ?? SITE1,
    headers: { "x-client-ip": opts.ip, ...(opts.raw !== undefined ? { "content-type": "application/json" } : {}) },
    ...(opts.raw !== undefined ? { body: opts.raw } : { json: body }),
  });
}

/** A complete, valid sign-up body for a fresh address (csrf and token fetched for real). */
export async function validBody(opts: { host?: string; ip: string; email?: string } & Record<string, unknown>) {
  const { host = SITE1, ip, email = freshEmail(), ...rest } = opts;
  return {
    email,
    name: "Kim",
    password: "secret password",
    country: "NL",
    language: "en",
    timezone: "Europe/Amsterdam",
    csrf: await getCsrf(host, ip),
    token: await tokenFor(email, host, ip),
    ...rest,
  };
}

export async function signUp(opts: { host?: string; ip?: string; email?: string } & Record<string, unknown> = {}) {
  const ip = opts.ip ?? newIp();
  const body = await validBody({ ...opts, ip });
  const response = await postSignup(body, { host: opts.host, ip });
  expect(response.status).toBe(201);
  const { user } = UserAnswerSchema.parse(await response.json());
  return { user, cookie: sessionCookie(response), body, ip };
}

export async function memberRow(id: number) {
  return (await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Record<string, unknown>>())!;
}

export async function expectError(response: Response, status: number, error: string, fields?: Record<string, unknown>) {
  expect(response.status).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe(error);
  if (fields) expect(body.fields).toMatchObject(fields);
  return body;
}
