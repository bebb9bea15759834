/** Talking to the API worker as the app does, and writing the rows a test needs. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { app } from "../../workers/api/index";
import { hashPassword } from "../../workers/api/lib/passwords";
import { DEMO_SITES } from "../../workers/api/seed/sites";

export interface CallOptions extends RequestInit {
  host?: string;
  cookie?: string;
  json?: unknown;
}

/**
 * The client address of a test file's calls, unless a call names its own. Test files share one
 * D1 and their helper modules (vitest.api.config.ts runs them without isolation), so counters
 * per address, such as failed logins, must not add up across files.
 */
function fileClientIp(): string {
  return `test-file-${expect.getState().testPath ?? "none"}`;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const { host = "localhost:8787", cookie, json, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has("x-client-ip")) headers.set("x-client-ip", fileClientIp());
  headers.set("x-original-host", host);
  headers.set("x-package-name", "classic");
  if (cookie) headers.set("cookie", cookie);
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(json);
  }
  return app.request(`http://localhost${path}`, { ...init, headers }, env);
}

/** The "sid=…" pair from a response's Set-Cookie, for the next call. */
export function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!header) throw new Error("no session cookie was set");
  return header.split(";")[0]!;
}

export async function ensureSites() {
  for (const [i, site] of DEMO_SITES.entries()) {
    await env.DB.prepare("INSERT OR IGNORE INTO sites (id, host, is_default, settings) VALUES (?, ?, ?, ?)")
      .bind(i + 1, site.host, site.isDefault ? 1 : 0, JSON.stringify(site.settings))
      .run();
  }
  await env.DB.prepare(
    "INSERT OR IGNORE INTO regions (id, country, name) VALUES (1, 'NL', 'Utrecht'), (2, 'NL', 'Noord-Holland'), (3, 'BE', 'Antwerpen')",
  ).run();
}

let counter = 0;

/** A real member with a password; returns its id and email. */
export async function createMember(options: { siteId?: number; password?: string; credits?: number } = {}) {
  const email = `member${Date.now()}-${++counter}@example.com`;
  const hashed = await hashPassword(options.password ?? "correct horse");
  const row = await env.DB.prepare(
    `INSERT INTO members (site_id, email, password_hash, password_salt, password_iterations, name, gender,
       date_of_birth, country, countryregion, city, signup_date)
     VALUES (?, ?, ?, ?, ?, 'Tess', 'female', '1990-06-15', 'NL', 1, 'Utrecht', ?) RETURNING id`,
  )
    .bind(options.siteId ?? 1, email, hashed.hash, hashed.salt, hashed.iterations, Date.now())
    .first<{ id: number }>();
  const id = row!.id;
  if (options.credits) {
    await env.DB.prepare(
      "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, ?, 'test', ?, ?)",
    )
      .bind(id, options.credits, `test:${id}`, Date.now())
      .run();
  }
  return { id, email, password: options.password ?? "correct horse" };
}

export async function loginAs(member: { email: string; password: string }, host?: string) {
  const response = await call("/api/login.php", { method: "POST", json: member, host });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return sessionCookie(response);
}

/** A form-encoded post (the payment provider's webhook, the demo checkout's buttons). */
export function formPost(values: Record<string, string>): CallOptions {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  };
}

/** Chooses what the demo provider's payment of an order does, as the developer would at its checkout. */
export async function settleAtDemoCheckout(orderId: string, outcome: "paid" | "failed" | "canceled" | "expired") {
  const order = await env.DB.prepare("SELECT provider_payment_id AS id FROM orders WHERE id = ?")
    .bind(orderId)
    .first<{ id: string }>();
  if (!order?.id) throw new Error(`order ${orderId} has no payment`);
  const response = await call("/api/demo_checkout.php", formPost({ id: order.id, outcome }));
  if (response.status !== 303) throw new Error(`the demo checkout answered ${response.status}`);
  return order.id;
}
