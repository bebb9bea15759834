/**
 * The member's side of moderation decisions (issue 15; ADR 030): a banned member reaches only
 * user.php (with the ban), logout, decisions.php, appeal.php, the data export and deleting the
 * account; every other member call answers 403 account_banned. Appeals: one per decision, own
 * decisions only, within the period, text required and bounded, shown as text, rate-limited,
 * acknowledged by mail without the member's text. Decisions are written here with plain SQL, as
 * the staff console would write them.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { APPEAL_MAX } from "../../contract/limits";
import { APPEAL_LIMIT_PER_HOUR, APPEAL_REFERENCE } from "../../contract/rules/appeals";
import {
  ApiErrorSchema,
  AppealFiledSchema,
  DataExportSchema,
  DecisionsAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const DAY = 24 * 60 * 60 * 1000;

async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The staff member the tests' decisions are signed by (the console makes real ones). */
async function testStaff(): Promise<number> {
  await env.DB.prepare(
    `INSERT OR IGNORE INTO staff (id, site_id, email, name, role, password_hash, totp_secret, created_at)
     VALUES (9001, NULL, 'moderator@example.com', 'Test moderator', 'moderator', 'x', 'JBSWY3DPEHPK3PXP', ?)`,
  )
    .bind(Date.now())
    .run();
  return 9001;
}

interface DecisionInput {
  action: "warn" | "remove_photo" | "ban" | "unban" | "dismiss";
  category?: string;
  reason?: string;
  decidedAt?: number;
  /** Default: decided + 6 months for decisions against the member, else null. */
  appealUntil?: number | null;
}

/** A decision against the member, as the console writes it; a ban also becomes the ban in force. */
async function decideAgainst(memberId: number, input: DecisionInput): Promise<number> {
  const staff = await testStaff();
  const decidedAt = input.decidedAt ?? Date.now();
  const against = input.action === "warn" || input.action === "remove_photo" || input.action === "ban";
  const appealUntil = input.appealUntil !== undefined ? input.appealUntil : against ? decidedAt + 182 * DAY : null;
  const row = await env.DB.prepare(
    `INSERT INTO moderation_decisions (site_id, member_id, action, category, reason, staff_id, appeal_until, created_at)
     SELECT site_id, id, ?, ?, ?, ?, ?, ? FROM members WHERE id = ? RETURNING id`,
  )
    .bind(
      input.action,
      input.category ?? "spam",
      input.reason ?? "You sent the same advert to 40 members.",
      staff,
      appealUntil,
      decidedAt,
      memberId,
    )
    .first<{ id: number }>();
  const id = row!.id;
  if (input.action === "ban") {
    await env.DB.prepare("UPDATE members SET ban_decision_id = ? WHERE id = ?").bind(id, memberId).run();
    await env.DB.prepare("DELETE FROM sessions WHERE member_id = ?").bind(memberId).run();
  }
  if (input.action === "unban") {
    await env.DB.prepare("UPDATE members SET ban_decision_id = NULL WHERE id = ?").bind(memberId).run();
  }
  return id;
}

const appeal = (cookie: string | undefined, body: unknown) => call("/api/appeal.php", { method: "POST", json: body, cookie });

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row!.n;
}

describe("a banned member", () => {
  it("gets the ban on user.php and 403 account_banned on every other member call", async () => {
    const ann = await createMember({ credits: 100 });
    const bob = await createMember();
    const before = await loginAs(ann);
    const decidedAt = Date.now() - 1000;
    const ban = await decideAgainst(ann.id, {
      action: "ban",
      category: "scam",
      reason: "You asked members for <b>money</b> & a ticket.",
      decidedAt,
    });
    // The ban ended the sessions: the old cookie is a visitor's.
    await errorOf(await call("/api/user.php", { cookie: before }), 403, "not_logged_in");

    // Login works (the password is checked) and answers the ban, so the app can show it.
    const login = await call("/api/login.php", { method: "POST", json: { email: ann.email, password: ann.password } });
    const loggedIn = await answer(login, 200, UserAnswerSchema);
    expect(loggedIn.user.ban?.decision_id).toBe(ban);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;

    const { user } = await answer(await call("/api/user.php", { cookie }), 200, UserAnswerSchema);
    expect(user.ban).toEqual({
      reason: "You asked members for <b>money</b> & a ticket.",
      category: "scam",
      decided_at: decidedAt,
      appeal_until: decidedAt + 182 * DAY,
      appeal_url: "/pages/ban#appeal",
      decision_id: ban,
    });

    const closed: [string, RequestInit & { json?: unknown }][] = [
      ["/api/search.php?auto_load=1", {}],
      [`/api/profile.php?id=${bob.id}`, {}],
      ["/api/likes.php", { method: "POST", json: { profile: bob.id } }],
      ["/api/likes.php", {}],
      [`/api/chat.php?profile=${bob.id}`, {}],
      ["/api/messages.php", { method: "POST", json: { conversation: 1, text: "hi", key: crypto.randomUUID() } }],
      ["/api/chats.php", {}],
      ["/api/user.php", { method: "PUT", json: { language: "nl" } }],
      ["/api/orders.php", { method: "POST", json: { package_id: "credits-100", payment_method: "ideal" } }],
      ["/api/orders.php?latest=credits", {}],
      ["/api/notifications.php", {}],
      ["/api/blocks.php", { method: "POST", json: { profile: bob.id } }],
      ["/api/reports.php", { method: "POST", json: { profile: bob.id, category: "spam" } }],
      ["/api/password.php", { method: "PUT", json: { current_password: ann.password, password: "another horse" } }],
    ];
    for (const [path, init] of closed) {
      const response = await call(path, { ...init, cookie });
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBe(403);
      expect(((await response.json()) as { error: string }).error, `${init.method ?? "GET"} ${path}`).toBe("account_banned");
    }
    // Nothing was written by the refused calls.
    expect(await count("SELECT COUNT(*) AS n FROM likes WHERE member_id = ?", ann.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM orders WHERE member_id = ?", ann.id)).toBe(0);

    // What stays open: the decisions, the data export, and logging out.
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions.map((d) => [d.id, d.action, d.in_force, d.appealable])).toEqual([[ban, "ban", true, true]]);
    expect((await call("/api/user_export.php", { cookie })).status).toBe(200);
    // "Cancel contracts here": premium's state and cancelling stay open.
    expect((await call("/api/premium.php", { cookie })).status).toBe(200);
    expect((await call("/api/premium.php", { method: "POST", json: { action: "cancel" }, cookie })).status).toBe(200);
    expect((await call("/api/logout.php", { cookie })).status).toBe(200);
    await errorOf(await call("/api/user.php", { cookie }), 403, "not_logged_in");
  });

  it("can delete the account (the GDPR right to erasure holds during a ban)", async () => {
    const ann = await createMember();
    await decideAgainst(ann.id, { action: "ban" });
    const cookie = await loginAs(ann);
    const response = await call("/api/user.php", { method: "DELETE", json: { password: ann.password }, cookie });
    expect(response.status).toBe(200);
    expect(await count("SELECT COUNT(*) AS n FROM members WHERE id = ? AND status = 'deleted'", ann.id)).toBe(1);
  });

  it("works again once unbanned", async () => {
    const ann = await createMember();
    const bob = await createMember();
    await decideAgainst(ann.id, { action: "ban" });
    const cookie = await loginAs(ann);
    await errorOf(await call("/api/search.php?auto_load=1", { cookie }), 403, "account_banned");
    await decideAgainst(ann.id, { action: "unban", category: "terms", reason: "Your appeal was right." });
    const { user } = await answer(await call("/api/user.php", { cookie }), 200, UserAnswerSchema);
    expect(user.ban).toBeNull();
    expect((await call("/api/search.php?auto_load=1", { cookie })).status).toBe(200);
    expect((await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie })).status).toBe(200);
    // The old ban is still listed (with its appeal), no longer in force; the unban is not a decision against them.
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions.map((d) => [d.action, d.in_force])).toEqual([["ban", false]]);
  });

  it("can still send a DSA notice (anyone may, art. 16)", async () => {
    const ann = await createMember();
    const bob = await createMember();
    await decideAgainst(ann.id, { action: "ban" });
    const cookie = await loginAs(ann);
    const response = await call("/api/complaints.php", {
      method: "POST",
      cookie,
      headers: { "cf-connecting-ip": "203.0.113.230" },
      json: {
        subject_kind: "profile",
        subject: String(bob.id),
        category: "fraud",
        explanation: "Asked me for money.",
        name: "Ann",
        email: ann.email,
        good_faith: true,
      },
    });
    expect(response.status).toBe(201);
  });
});

describe("GET /api/decisions.php", () => {
  it("lists the member's own decisions against them, newest first, with their appeals", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const warn = await decideAgainst(ann.id, { action: "warn", category: "harassment", decidedAt: Date.now() - 3 * DAY });
    const photo = await decideAgainst(ann.id, {
      action: "remove_photo",
      category: "illegal_content",
      decidedAt: Date.now() - DAY,
    });
    await decideAgainst(ann.id, { action: "dismiss", category: "terms", appealUntil: null });
    await decideAgainst(bob.id, { action: "warn" });
    const cookie = await loginAs(ann);
    await answer(await appeal(cookie, { decision_id: warn, text: "I only said hello." }), 201, AppealFiledSchema);
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions.map((d) => d.id)).toEqual([photo, warn]);
    expect(decisions[0]).toMatchObject({ action: "remove_photo", category: "illegal_content", appealable: true, appeal: null });
    expect(decisions[1]).toMatchObject({ action: "warn", appealable: false, appeal: { state: "open" } });
    expect(decisions[1]!.appeal!.reference).toMatch(APPEAL_REFERENCE);
  });

  it("is for members only", async () => {
    await errorOf(await call("/api/decisions.php"), 403, "not_logged_in");
    await errorOf(await appeal(undefined, { decision_id: 1, text: "x" }), 403, "not_logged_in");
  });
});

describe("POST /api/appeal.php", () => {
  it("files the appeal, answers its reference and mails an acknowledgement without the member's text", async () => {
    const ann = await createMember();
    const ban = await decideAgainst(ann.id, { action: "ban" });
    const cookie = await loginAs(ann);
    const text = "<script>alert(1)</script> I never sent <b>adverts</b>.\r\nPlease look again.";
    const filed = await answer(await appeal(cookie, { decision_id: ban, text, language: "de" }), 201, AppealFiledSchema);
    expect(filed.reference).toMatch(APPEAL_REFERENCE);
    expect(filed).toMatchObject({ decision_id: ban, state: "open" });
    // Stored as the member typed it (as text; the console shows it as text), line breaks normalised.
    const row = await env.DB.prepare("SELECT text, state, member_id, site_id FROM appeals WHERE reference = ?")
      .bind(filed.reference)
      .first<{ text: string; state: string; member_id: number; site_id: number }>();
    expect(row).toEqual({
      text: "<script>alert(1)</script> I never sent <b>adverts</b>.\nPlease look again.",
      state: "open",
      member_id: ann.id,
      site_id: 1,
    });
    const mail = await env.DB.prepare(
      "SELECT subject, html, text FROM mail_outbox WHERE kind = 'appeal_received' AND to_address = ?",
    )
      .bind(ann.email)
      .first<{ subject: string; html: string; text: string }>();
    expect(mail?.subject).toContain(filed.reference);
    expect(mail?.subject).toContain("Einspruch");
    expect(mail?.text).toContain(filed.reference);
    expect(mail?.html).not.toContain("adverts");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.text).not.toContain("adverts");
    // The data export (GDPR access) has the decision and the appeal as written.
    const exported = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie })).json());
    expect(exported.decisions?.map((d) => d.id)).toEqual([ban]);
    expect(exported.appeals).toEqual([
      { reference: filed.reference, decision_id: ban, text: row?.text, state: "open", created_at: filed.created_at },
    ]);
    // The ban's page now shows the appeal.
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions[0]?.appeal?.reference).toBe(filed.reference);
  });

  it("refuses bad input with designed errors and writes nothing", async () => {
    const ann = await createMember();
    const warn = await decideAgainst(ann.id, { action: "warn" });
    const cookie = await loginAs(ann);
    const fields = async (body: unknown) => (await errorOf(await appeal(cookie, body), 422, "invalid_input")).fields;
    expect(await fields({ decision_id: warn, text: "" })).toEqual({ text: "too_small" });
    expect(await fields({ decision_id: warn, text: " \r\n " })).toEqual({ text: "too_small" });
    expect(await fields({ decision_id: warn })).toEqual({ text: "required" });
    expect(await fields({ decision_id: warn, text: "x".repeat(APPEAL_MAX + 1) })).toEqual({ text: "too_big" });
    expect(await fields({ decision_id: warn, text: 42 })).toMatchObject({ text: "invalid_type" });
    expect(await fields({ decision_id: "1; DROP TABLE appeals", text: "hi" })).toMatchObject({ decision_id: "invalid_type" });
    expect(await fields({ decision_id: -1, text: "hi" })).toMatchObject({ decision_id: "too_small" });
    expect(await fields({ text: "hi" })).toEqual({ decision_id: "required" });
    await errorOf(
      await call("/api/appeal.php", { method: "POST", body: "{", cookie, headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expect(await count("SELECT COUNT(*) AS n FROM appeals WHERE member_id = ?", ann.id)).toBe(0);
    // Exactly the limit is taken.
    await answer(await appeal(cookie, { decision_id: warn, text: "y".repeat(APPEAL_MAX) }), 201, AppealFiledSchema);
  });

  it("answers another member's decision as not found, and refuses decisions that were not against the member", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const bobs = await decideAgainst(bob.id, { action: "warn" });
    const dismissed = await decideAgainst(ann.id, { action: "dismiss", appealUntil: null });
    const cookie = await loginAs(ann);
    await errorOf(await appeal(cookie, { decision_id: bobs, text: "Not fair." }), 404, "decision_not_found");
    await errorOf(await appeal(cookie, { decision_id: 99999999, text: "Not fair." }), 404, "decision_not_found");
    await errorOf(await appeal(cookie, { decision_id: dismissed, text: "Not fair." }), 422, "not_appealable");
    expect(await count("SELECT COUNT(*) AS n FROM appeals WHERE decision_id IN (?, ?)", bobs, dismissed)).toBe(0);
  });

  it("refuses an appeal after the period (appeal_closed)", async () => {
    const ann = await createMember();
    const old = await decideAgainst(ann.id, {
      action: "remove_photo",
      decidedAt: Date.now() - 200 * DAY,
      appealUntil: Date.now() - 1,
    });
    const cookie = await loginAs(ann);
    await errorOf(await appeal(cookie, { decision_id: old, text: "Too late?" }), 422, "appeal_closed");
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions[0]).toMatchObject({ id: old, appealable: false, appeal: null });
  });

  it("takes one appeal per decision: a second answers appeal_exists, 8 at once make one row", async () => {
    const ann = await createMember();
    const warn = await decideAgainst(ann.id, { action: "warn" });
    const ban = await decideAgainst(ann.id, { action: "ban" });
    const cookie = await loginAs(ann);
    const first = await answer(await appeal(cookie, { decision_id: warn, text: "First." }), 201, AppealFiledSchema);
    await errorOf(await appeal(cookie, { decision_id: warn, text: "Second." }), 409, "appeal_exists");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => appeal(cookie, { decision_id: ban, text: `Try ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await count("SELECT COUNT(*) AS n FROM appeals WHERE decision_id = ?", ban)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM appeals WHERE decision_id = ? AND text = 'First.'", warn)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'appeal_received' AND to_address = ?", ann.email),
    ).toBe(2);
    expect(first.reference).toMatch(APPEAL_REFERENCE);
  });

  it("is rate-limited per member", async () => {
    const ann = await createMember();
    const cookie = await loginAs(ann);
    const tries = await Promise.all(
      Array.from({ length: APPEAL_LIMIT_PER_HOUR + 2 }, () => appeal(cookie, { decision_id: 99999999, text: "Probe." })),
    );
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(APPEAL_LIMIT_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = tries.find((t) => t.status === 429)!;
    const body = await errorOf(refused, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
  });
});

describe("POST /api/dev/decision.php (development only)", () => {
  it("decides against the caller as the console would: a ban ends the sessions and fills user.php", async () => {
    const ann = await createMember();
    const cookie = await loginAs(ann);
    await errorOf(
      await call("/api/dev/decision.php", { method: "POST", cookie, json: { action: "dismiss", category: "spam", reason: "x" } }),
      422,
      "invalid_input",
    );
    const warned = await call("/api/dev/decision.php", {
      method: "POST",
      cookie,
      json: { action: "warn", category: "harassment", reason: "Be polite.", closed_days_ago: 2 },
    });
    expect(warned.status).toBe(201);
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    expect(decisions[0]).toMatchObject({ action: "warn", appealable: false, appeal: null });
    // Back-dated: its appeal period ended two days ago.
    const until = decisions[0]?.appeal_until ?? 0;
    expect(until).toBeGreaterThan(Date.now() - 2 * DAY - 60_000);
    expect(until).toBeLessThan(Date.now() - 2 * DAY + 60_000);
    // Written by the console's decide(): its audit line is there too.
    const { decision_id: warnId } = (await warned.json()) as { decision_id: number };
    const audited = await env.DB.prepare("SELECT action FROM staff_audit WHERE decision_id = ?")
      .bind(warnId)
      .first<{ action: string }>();
    expect(audited?.action).toBe("decision");
    const banned = await call("/api/dev/decision.php", {
      method: "POST",
      cookie,
      json: { action: "ban", category: "scam", reason: "Asked for money." },
    });
    expect(banned.status).toBe(201);
    await errorOf(await call("/api/user.php", { cookie }), 403, "not_logged_in");
    const { user } = await answer(await call("/api/user.php", { cookie: await loginAs(ann) }), 200, UserAnswerSchema);
    expect(user.ban).toMatchObject({ category: "scam", reason: "Asked for money." });
  });

  it("does not exist for a non-loopback host", async () => {
    const ann = await createMember();
    const cookie = await loginAs(ann);
    const response = await call("/api/dev/decision.php", {
      method: "POST",
      cookie,
      host: "amora.example",
      json: { action: "ban", category: "scam", reason: "x" },
    });
    expect(response.status).not.toBe(201);
  });
});
