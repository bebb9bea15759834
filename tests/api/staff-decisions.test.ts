/**
 * The staff moderation console (issue 15; ADR 029): decisions (/api/staff/decide.php and appeals),
 * on real D1 with the real migrations: what a decision does to the member and the notifier, every
 * bad input, concurrency (one case, one decision), site scope, and the audit log.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditAnswerSchema, QueueAnswerSchema, REASON_MAX, StaffCaseAnswerSchema } from "../../contract/staff";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { createStaff, staffLogin, errorOf, REASON } from "./staff-helpers";

beforeAll(ensureSites);

async function openCase(options: { siteId: number; memberId: number; kind?: "report" | "notice"; notifierEmail?: string }) {
  const now = Date.now();
  const reference = `R-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const row = await env.DB.prepare(
    `INSERT INTO moderation_cases (reference, site_id, kind, category, explanation, subject_kind, subject_member_id,
       notifier_name, notifier_email, created_at, updated_at)
     VALUES (?, ?, ?, 'harassment', '<script>alert(1)</script>', 'profile', ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      reference,
      options.siteId,
      options.kind ?? "report",
      options.memberId,
      options.notifierEmail ? "Nora <i>N</i>" : null,
      options.notifierEmail ?? null,
      now,
      now,
    )
    .first<{ id: number }>();
  return { id: row!.id, reference };
}

function decide(cookie: string, body: Record<string, unknown>) {
  return call("/api/staff/decide.php", { method: "POST", cookie, json: { category: "harassment", reason: REASON, ...body } });
}

describe("decisions", () => {
  let moderator: string;
  let velvetModerator: string;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    moderator = await staffLogin(await createStaff({ siteId: 1 }));
    velvetModerator = await staffLogin(await createStaff({ siteId: 3 }));
    const adminRow = await createStaff({ siteId: null, role: "admin" });
    adminId = adminRow.id;
    admin = await staffLogin(adminRow);
  });

  it("a ban: one decision, the case decided, the member's sessions gone, the statement mailed as text", async () => {
    const member = await createMember();
    const memberCookie = await loginAs(member);
    const filed = await openCase({ siteId: 1, memberId: member.id });
    const queue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: moderator })).json());
    expect(queue.items.some((i) => i.type === "case" && i.id === filed.id)).toBe(true);
    const detail = StaffCaseAnswerSchema.parse(
      await (await call(`/api/staff/case.php?id=${filed.id}`, { cookie: moderator })).json(),
    );
    expect(detail.case.explanation).toBe("<script>alert(1)</script>");
    expect(detail.may_act).toBe(true);

    const reason = "<b>Bold</b> insults & threats, sent to three members.";
    const response = await decide(moderator, { case: filed.id, action: "ban", reason });
    expect(response.status).toBe(201);
    const decision = ((await response.json()) as { decision: { id: number; appeal_until: number } }).decision;
    expect(decision.appeal_until).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    const row = await env.DB.prepare("SELECT ban_decision_id FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ ban_decision_id: number }>();
    expect(row?.ban_decision_id).toBe(decision.id);
    const state = await env.DB.prepare("SELECT state FROM moderation_cases WHERE id = ?")
      .bind(filed.id)
      .first<{ state: string }>();
    expect(state?.state).toBe("decided");
    // The member's existing session no longer works.
    await errorOf(await call("/api/user.php", { cookie: memberCookie }), 403, "not_logged_in");
    const mail = await env.DB.prepare("SELECT html, text FROM mail_outbox WHERE to_address = ? AND kind = 'moderation_decision'")
      .bind(member.email)
      .first<{ html: string; text: string }>();
    expect(mail?.html).toContain("&lt;b&gt;Bold&lt;/b&gt; insults &amp; threats");
    expect(mail?.html).not.toContain("<b>Bold</b>");
    expect(mail?.text).toContain(reason);
    // Banning them directly again is refused; unban clears it.
    await errorOf(await decide(moderator, { member: member.id, action: "ban" }), 409, "already_banned");
    expect((await decide(moderator, { member: member.id, action: "unban" })).status).toBe(201);
    await errorOf(await decide(moderator, { member: member.id, action: "unban" }), 409, "not_banned");
  });

  it("two staff deciding one case at once make one decision", async () => {
    const member = await createMember();
    const filed = await openCase({ siteId: 1, memberId: member.id });
    const answers = await Promise.all([
      decide(moderator, { case: filed.id, action: "warn" }),
      decide(admin, { case: filed.id, action: "ban" }),
      decide(moderator, { case: filed.id, action: "dismiss" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM moderation_decisions WHERE case_id = ?")
      .bind(filed.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ?")
      .bind(member.email)
      .first<{ n: number }>();
    expect(mails?.n).toBe(1);
  });

  it("a dismissed notice mails its notifier the outcome, and the member nothing", async () => {
    const member = await createMember();
    const notifier = `notifier-${Date.now()}@example.com`;
    const filed = await openCase({ siteId: 1, memberId: member.id, kind: "notice", notifierEmail: notifier });
    expect((await decide(moderator, { case: filed.id, action: "dismiss", category: "terms" })).status).toBe(201);
    const state = await env.DB.prepare("SELECT state FROM moderation_cases WHERE id = ?")
      .bind(filed.id)
      .first<{ state: string }>();
    expect(state?.state).toBe("dismissed");
    const toNotifier = await env.DB.prepare(
      "SELECT subject, html FROM mail_outbox WHERE to_address = ? AND kind = 'notice_decided'",
    )
      .bind(notifier)
      .first<{ subject: string; html: string }>();
    expect(toNotifier?.subject).toContain(filed.reference);
    expect(toNotifier?.html).toContain("Nora &lt;i&gt;N&lt;/i&gt;");
    const toMember = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE to_address = ?")
      .bind(member.email)
      .first<{ n: number }>();
    expect(toMember?.n).toBe(0);
  });

  it("bad input the decision's refinements catch names its field with the code required (ADR 044)", async () => {
    const member = await createMember();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ action: "warn" }, { member: "required" }],
      [{ member: member.id, action: "remove_photo" }, { image: "required" }],
      [{ member: member.id, action: "dismiss" }, { case: "required" }],
    ];
    for (const [body, fields] of cases) {
      expect((await errorOf(await decide(moderator, body), 422, "invalid_input")).fields).toEqual(fields);
    }
  });

  it("bad input: reason empty or too long, unknown action or category, unknown case, dismiss without a case", async () => {
    const member = await createMember();
    const filed = await openCase({ siteId: 1, memberId: member.id });
    const bad = [
      { case: filed.id, action: "warn", reason: "" },
      { case: filed.id, action: "warn", reason: "   short  " },
      { case: filed.id, action: "warn", reason: "x".repeat(REASON_MAX + 1) },
      { case: filed.id, action: "delete_everything" },
      { case: filed.id, action: "warn", category: "bad_hair" },
      { member: member.id, action: "dismiss" },
      { member: member.id, action: "remove_photo" },
      { action: "warn" },
    ];
    for (const body of bad) await errorOf(await decide(moderator, body), 422, "invalid_input");
    await errorOf(await decide(moderator, { case: 99_999_999, action: "warn" }), 404, "not_found");
    await errorOf(await decide(moderator, { member: 99_999_999, action: "warn" }), 404, "not_found");
    await errorOf(await call("/api/staff/case.php?id=abc", { cookie: moderator }), 422, "invalid_input");
    await errorOf(await call("/api/staff/case.php?id=99999999", { cookie: moderator }), 404, "not_found");
    const state = await env.DB.prepare("SELECT state FROM moderation_cases WHERE id = ?")
      .bind(filed.id)
      .first<{ state: string }>();
    expect(state?.state).toBe("open");
  });

  it("site scope: another site's cases and members are absent; a case about another site's member can only be dismissed", async () => {
    const velvetMember = await createMember({ siteId: 3 });
    const velvetCase = await openCase({ siteId: 3, memberId: velvetMember.id });
    await errorOf(await call(`/api/staff/case.php?id=${velvetCase.id}`, { cookie: moderator }), 404, "not_found");
    await errorOf(await call(`/api/staff/member.php?id=${velvetMember.id}`, { cookie: moderator }), 404, "not_found");
    await errorOf(await decide(moderator, { case: velvetCase.id, action: "ban" }), 404, "not_found");
    await errorOf(await decide(moderator, { member: velvetMember.id, action: "ban" }), 404, "not_found");
    const queue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: moderator })).json());
    expect(queue.items.some((i) => i.type === "case" && i.id === velvetCase.id)).toBe(false);
    const velvetQueue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: velvetModerator })).json());
    expect(velvetQueue.items.some((i) => i.type === "case" && i.id === velvetCase.id)).toBe(true);
    const adminQueue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: admin })).json());
    expect(adminQueue.items.some((i) => i.type === "case" && i.id === velvetCase.id)).toBe(true);

    // Filed on site 1 about the Velvet Room member: site 1's staff see it, but only dismiss it.
    const crossCase = await openCase({ siteId: 1, memberId: velvetMember.id });
    const detail = StaffCaseAnswerSchema.parse(
      await (await call(`/api/staff/case.php?id=${crossCase.id}`, { cookie: moderator })).json(),
    );
    expect(detail.may_act).toBe(false);
    await errorOf(await decide(moderator, { case: crossCase.id, action: "ban" }), 403, "other_site_member");
    const banned = await env.DB.prepare("SELECT ban_decision_id FROM members WHERE id = ?")
      .bind(velvetMember.id)
      .first<{ ban_decision_id: number | null }>();
    expect(banned?.ban_decision_id).toBeNull();
    expect((await decide(moderator, { case: crossCase.id, action: "dismiss" })).status).toBe(201);
    // The platform admin acts on any site's member.
    expect((await decide(admin, { member: velvetMember.id, action: "warn" })).status).toBe(201);
  });

  it("a removed photo is gone everywhere and comes back when the appeal reverses it; a reversed ban is lifted", async () => {
    const member = await createMember();
    const image = await env.DB.prepare(
      "INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, 0, ?) RETURNING id",
    )
      .bind(member.id, `staff-test-${member.id}.jpg`, Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("UPDATE members SET main_image_id = ? WHERE id = ?").bind(image!.id, member.id).run();
    const queue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: moderator })).json());
    expect(queue.items.some((i) => i.type === "photo" && i.id === image!.id)).toBe(true);
    const removed = await decide(moderator, { member: member.id, action: "remove_photo", image: image!.id, category: "terms" });
    expect(removed.status).toBe(201);
    const decisionId = ((await removed.json()) as { decision: { id: number } }).decision.id;
    const left = await env.DB.prepare(
      "SELECT main_image_id, (SELECT COUNT(*) FROM images WHERE member_id = ?) AS n FROM members WHERE id = ?",
    )
      .bind(member.id, member.id)
      .first<{ main_image_id: number | null; n: number }>();
    expect(left).toEqual({ main_image_id: null, n: 0 });
    await errorOf(await decide(moderator, { member: member.id, action: "remove_photo", image: image!.id }), 404, "not_found");

    const appeal = await env.DB.prepare(
      "INSERT INTO appeals (reference, site_id, decision_id, member_id, text, created_at) VALUES (?, 1, ?, ?, '<img src=x onerror=alert(1)>', ?) RETURNING id",
    )
      .bind(`A-${crypto.randomUUID().slice(0, 8)}`, decisionId, member.id, Date.now())
      .first<{ id: number }>();
    const shown = await call(`/api/staff/appeal.php?id=${appeal!.id}`, { cookie: moderator });
    expect(((await shown.json()) as { appeal: { text: string } }).appeal.text).toBe("<img src=x onerror=alert(1)>");
    await errorOf(await call(`/api/staff/appeal.php?id=${appeal!.id}`, { cookie: velvetModerator }), 404, "not_found");
    const body = { appeal: appeal!.id, outcome: "reversed", reason: "On a second look the photo is within the rules." };
    const answers = await Promise.all([
      call("/api/staff/appeal.php", { method: "POST", cookie: moderator, json: body }),
      call("/api/staff/appeal.php", { method: "POST", cookie: admin, json: body }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const back = await env.DB.prepare("SELECT main_image_id FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ main_image_id: number }>();
    expect(back?.main_image_id).toBe(image!.id);

    // A ban, appealed and reversed: an unban.
    const ban = await decide(moderator, { member: member.id, action: "ban" });
    const banId = ((await ban.json()) as { decision: { id: number } }).decision.id;
    const banAppeal = await env.DB.prepare(
      "INSERT INTO appeals (reference, site_id, decision_id, member_id, text, created_at) VALUES (?, 1, ?, ?, 'Please', ?) RETURNING id",
    )
      .bind(`A-${crypto.randomUUID().slice(0, 8)}`, banId, member.id, Date.now())
      .first<{ id: number }>();
    const reversed = await call("/api/staff/appeal.php", {
      method: "POST",
      cookie: moderator,
      json: { ...body, appeal: banAppeal!.id },
    });
    expect(reversed.status).toBe(200);
    const unbanned = await env.DB.prepare("SELECT ban_decision_id FROM members WHERE id = ?")
      .bind(member.id)
      .first<{ ban_decision_id: number | null }>();
    expect(unbanned?.ban_decision_id).toBeNull();
  });

  it("the audit log: admins read their scope, moderators their own lines", async () => {
    const adminLog = AuditAnswerSchema.parse(await (await call("/api/staff/audit.php", { cookie: admin })).json());
    const actions = new Set(adminLog.entries.map((e) => e.action));
    for (const action of ["decision", "login", "case_viewed"]) expect(actions.has(action)).toBe(true);
    const decisionEntry = adminLog.entries.find((e) => e.action === "decision");
    expect(decisionEntry?.decision_id).toBeTypeOf("number");
    const velvetLog = AuditAnswerSchema.parse(await (await call("/api/staff/audit.php", { cookie: velvetModerator })).json());
    const velvetStaff = await env.DB.prepare("SELECT name FROM staff WHERE site_id = 3 ORDER BY id DESC").first<{
      name: string;
    }>();
    expect(velvetLog.entries.length).toBeGreaterThan(0);
    expect(velvetLog.entries.every((e) => e.staff_name === velvetStaff?.name)).toBe(true);
    expect(adminLog.entries.some((e) => e.staff_name !== null && e.staff_name !== velvetStaff?.name)).toBe(true);
    expect(adminId).toBeGreaterThan(0);
  });
});
