/**
 * The staff moderation console (issue 15; ADR 029): who may call /api/staff/*.php, on real D1 with
 * the real migrations. Roles and sessions (a member's session opens no staff call, per endpoint),
 * the staff cookie, and the second factor (a code works once, wrong codes are limited, all audited).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../contract/staff";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { PASSWORD, codeAt, createStaff, halfLogin, staffLogin, errorOf, REASON } from "./staff-helpers";

beforeAll(ensureSites);

const ENDPOINTS: { method: "GET" | "POST"; path: string; json?: unknown }[] = [
  { method: "POST", path: "/api/staff/totp.php", json: { code: "123456" } },
  { method: "POST", path: "/api/staff/logout.php", json: {} },
  { method: "GET", path: "/api/staff/me.php" },
  { method: "GET", path: "/api/staff/queue.php" },
  { method: "GET", path: "/api/staff/case.php?id=1" },
  { method: "GET", path: "/api/staff/member.php?id=1" },
  { method: "POST", path: "/api/staff/decide.php", json: { member: 1, action: "warn", category: "spam", reason: REASON } },
  { method: "POST", path: "/api/staff/photo_reviewed.php", json: { image: 1 } },
  { method: "GET", path: "/api/staff/appeal.php?id=1" },
  { method: "POST", path: "/api/staff/appeal.php", json: { appeal: 1, outcome: "upheld", reason: REASON } },
  { method: "GET", path: "/api/staff/audit.php" },
];

describe("who may call the staff endpoints", () => {
  let memberCookie: string;
  let half: string;
  beforeAll(async () => {
    memberCookie = await loginAs(await createMember());
    half = await halfLogin(await createStaff({ siteId: 1 }));
  });

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}: 401 without a session, 403 staff_only with a member's`, async () => {
      const init = { method: endpoint.method, json: endpoint.json };
      await errorOf(await call(endpoint.path, init), 401, "staff_login_required");
      await errorOf(await call(endpoint.path, { ...init, cookie: memberCookie }), 403, "staff_only");
    });
  }

  it("a session that has not given its code opens only the code, me and logout", async () => {
    for (const endpoint of ENDPOINTS.filter((e) => !/totp|logout|me\.php/.test(e.path))) {
      await errorOf(
        await call(endpoint.path, { method: endpoint.method, json: endpoint.json, cookie: half }),
        401,
        "totp_required",
      );
    }
    const me = await call("/api/staff/me.php", { cookie: half });
    expect(((await me.json()) as { totp_ok: boolean }).totp_ok).toBe(false);
  });

  it("the staff cookie is its own, short-lived and HttpOnly", async () => {
    const staff = await createStaff({ siteId: 1 });
    const response = await call("/api/staff/login.php", { method: "POST", json: { email: staff.email, password: PASSWORD } });
    const header = response.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Max-Age=600/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
  });
});

describe("login and the second factor", () => {
  it("a wrong password is refused and audited", async () => {
    const staff = await createStaff({ siteId: 1 });
    await errorOf(
      await call("/api/staff/login.php", { method: "POST", json: { email: staff.email, password: "wrong one" } }),
      401,
      "invalid_credentials",
    );
    const row = await env.DB.prepare("SELECT action FROM staff_audit WHERE staff_id = ? ORDER BY id DESC")
      .bind(staff.id)
      .first<{ action: string }>();
    expect(row?.action).toBe("login_failed");
  });

  it("a wrong code is refused, audited, and a used code does not work again", async () => {
    const staff = await createStaff({ siteId: 1 });
    const half = await halfLogin(staff);
    const wrong = String((Number(codeAt(staff.secret)) + 1) % 1_000_000).padStart(6, "0");
    await errorOf(
      await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: wrong } }),
      422,
      "invalid_code",
    );
    await errorOf(
      await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: "12ab" } }),
      422,
      "invalid_input",
    );
    const code = codeAt(staff.secret);
    const full = await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code } });
    expect(full.status).toBe(200);
    // The same code again (a replay, or someone who watched it typed) is refused.
    const again = await halfLogin(staff);
    await errorOf(await call("/api/staff/totp.php", { method: "POST", cookie: again, json: { code } }), 422, "invalid_code");
    const actions = await env.DB.prepare("SELECT action FROM staff_audit WHERE staff_id = ? ORDER BY id")
      .bind(staff.id)
      .all<{ action: string }>();
    expect(actions.results.map((r) => r.action)).toEqual([
      "login_password",
      "totp_failed",
      "login",
      "login_password",
      "totp_failed",
    ]);
  });

  it("codes are limited to five tries a quarter hour per account", async () => {
    const staff = await createStaff({ siteId: 1 });
    const half = await halfLogin(staff);
    for (let i = 0; i < 5; i++) {
      await errorOf(await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: "000000" } }), 422);
    }
    await errorOf(
      await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: codeAt(staff.secret) } }),
      429,
      "rate_limited",
    );
  });

  it("only failed codes count: signing in again and again locks nobody out", async () => {
    const staff = await createStaff({ siteId: 1 });
    const now = Date.now();
    // Three sign-ins, with the codes of the previous, the current and the next step (each works once).
    for (const step of [-1, 0, 1]) {
      const half = await halfLogin(staff);
      const response = await call("/api/staff/totp.php", {
        method: "POST",
        cookie: half,
        json: { code: codeAt(staff.secret, now + step * 30_000) },
      });
      expect(response.status).toBe(200);
    }
    // Had the sign-ins counted, the third wrong code would be refused as too many.
    const half = await halfLogin(staff);
    for (let i = 0; i < 5; i++) {
      await errorOf(await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: "000000" } }), 422);
    }
    await errorOf(
      await call("/api/staff/totp.php", { method: "POST", cookie: half, json: { code: "000000" } }),
      429,
      "rate_limited",
    );
  });

  it("logout ends the session, and is audited", async () => {
    const staff = await createStaff({ siteId: 1 });
    const cookie = await staffLogin(staff);
    expect((await call("/api/staff/logout.php", { method: "POST", cookie, json: {} })).status).toBe(200);
    await errorOf(await call("/api/staff/queue.php", { cookie }), 401, "staff_login_required");
    const last = await env.DB.prepare("SELECT action FROM staff_audit WHERE staff_id = ? ORDER BY id DESC")
      .bind(staff.id)
      .first<{ action: string }>();
    expect(last?.action).toBe("logout");
  });
});
