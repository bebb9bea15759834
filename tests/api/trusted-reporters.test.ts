/**
 * Trusted reporters (issue 30 point 5, ADR 058) on real D1: two trusted reporters reporting one
 * member for scam or spam within a day pause that member's new conversations (a case of kind
 * 'pause' with an automated decision); one report, untrusted reporters or other categories do
 * not; ten reports at once make one pause; replies still go, a new conversation is refused
 * (403 new_conversations_paused) before anything is charged; a moderator's dismissal lifts it,
 * another site's staff cannot see it; the member sees the statement and may appeal it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MessageSentSchema } from "../../contract/schemas";
import { DecisionsAnswerSchema } from "../../contract/schemas/members";
import { QueueAnswerSchema, StaffCaseAnswerSchema } from "../../contract/staff";
import { TransparencyAnswerSchema } from "../../contract/transparency";
import { answer, charges, chatId, count, errorOf, newKey, send } from "./chat-helpers";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { createStaff, REASON, staffLogin } from "./staff-helpers";

beforeAll(ensureSites);

const DAY = 24 * 60 * 60 * 1000;

/** A reporter with a good record: confirmed, 8 days old, nothing dismissed. */
async function trustedReporter() {
  const member = await createMember({ credits: 100 });
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
    .bind(Date.now() - 8 * DAY, member.id)
    .run();
  return { ...member, cookie: await loginAs(member) };
}

const report = (cookie: string, profile: number, category = "scam") =>
  call("/api/reports.php", { method: "POST", cookie, json: { profile, category, explanation: "Asked me for money." } });

async function reportOk(cookie: string, profile: number, category = "scam") {
  const response = await report(cookie, profile, category);
  expect(response.status, await response.clone().text()).toBe(201);
}

const openPauses = (memberId: number) =>
  count("SELECT COUNT(*) AS n FROM moderation_cases WHERE subject_member_id = ? AND kind = 'pause' AND state = 'open'", memberId);

const pauseDecisions = (memberId: number) =>
  count("SELECT COUNT(*) AS n FROM moderation_decisions WHERE member_id = ? AND action = 'pause'", memberId);

async function pausedMember() {
  const subject = await createMember({ credits: 200 });
  const [a, b] = [await trustedReporter(), await trustedReporter()];
  await reportOk(a.cookie, subject.id, "scam");
  await reportOk(b.cookie, subject.id, "spam");
  return { subject, reporters: [a, b] };
}

describe("trusted reporters", () => {
  it("two trusted reporters for scam or spam pause the member; one report does not", async () => {
    const subject = await createMember();
    const a = await trustedReporter();
    await reportOk(a.cookie, subject.id, "scam");
    expect(await openPauses(subject.id)).toBe(0);
    // The same reporter again is still one reporter.
    await reportOk(a.cookie, subject.id, "spam");
    expect(await openPauses(subject.id)).toBe(0);
    const b = await trustedReporter();
    await reportOk(b.cookie, subject.id, "spam");
    expect(await openPauses(subject.id)).toBe(1);
    expect(await pauseDecisions(subject.id)).toBe(1);
    const decision = await env.DB.prepare(
      "SELECT d.reason, d.appeal_until, s.name FROM moderation_decisions d JOIN staff s ON s.id = d.staff_id WHERE d.member_id = ? AND d.action = 'pause'",
    )
      .bind(subject.id)
      .first<{ reason: string; appeal_until: number; name: string }>();
    expect(decision?.reason).toMatch(/automated means/);
    expect(decision?.reason).toMatch(/appeal/);
    expect(decision?.appeal_until).toBeGreaterThan(Date.now() + 150 * DAY);
    expect(decision?.name).toMatch(/Automated/);
  });

  it("untrusted reporters do not pause: too new, unconfirmed, or with a dismissed report", async () => {
    const subject = await createMember();
    const fresh = await createMember();
    const freshCookie = await loginAs(fresh);
    const dismissed = await trustedReporter();
    const other = await createMember();
    await env.DB.prepare(
      `INSERT INTO moderation_cases (reference, site_id, kind, state, category, subject_kind, subject_member_id, reporter_id, created_at, updated_at)
       VALUES (?, 1, 'report', 'dismissed', 'scam', 'profile', ?, ?, ?, ?)`,
    )
      .bind(`R-T${crypto.randomUUID().slice(0, 7).toUpperCase()}`, other.id, dismissed.id, Date.now() - DAY, Date.now() - DAY)
      .run();
    await reportOk(freshCookie, subject.id);
    await reportOk(dismissed.cookie, subject.id);
    expect(await openPauses(subject.id)).toBe(0);
    // One trusted reporter beside them is still only one.
    const trusted = await trustedReporter();
    await reportOk(trusted.cookie, subject.id);
    expect(await openPauses(subject.id)).toBe(0);
    // Reports older than a day do not count.
    await env.DB.prepare("UPDATE moderation_cases SET created_at = ? WHERE reporter_id = ? AND subject_member_id = ?")
      .bind(Date.now() - 2 * DAY, trusted.id, subject.id)
      .run();
    const later = await trustedReporter();
    await reportOk(later.cookie, subject.id);
    expect(await openPauses(subject.id)).toBe(0);
    // An unconfirmed reporter (old enough) does not count either.
    const unconfirmed = await trustedReporter();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(unconfirmed.id).run();
    await report(unconfirmed.cookie, subject.id);
    expect(await openPauses(subject.id)).toBe(0);
  });

  it("reports of other categories do not pause", async () => {
    const subject = await createMember();
    const [a, b] = [await trustedReporter(), await trustedReporter()];
    await reportOk(a.cookie, subject.id, "harassment");
    await reportOk(b.cookie, subject.id, "fake_profile");
    expect(await openPauses(subject.id)).toBe(0);
  });

  it("ten trusted reports at once make exactly one pause", async () => {
    const subject = await createMember();
    const reporters = await Promise.all(Array.from({ length: 10 }, () => trustedReporter()));
    const answers = await Promise.all(reporters.map((r) => report(r.cookie, subject.id, "spam")));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(await openPauses(subject.id)).toBe(1);
    expect(await pauseDecisions(subject.id)).toBe(1);
  });

  it("a paused member still replies; a new conversation is refused before anything is charged", async () => {
    const { subject } = await pausedMember();
    const cookie = await loginAs(subject);
    // A conversation another member started: the paused member answers it.
    const writer = await createMember({ credits: 200 });
    const writerCookie = await loginAs(writer);
    const theirs = await chatId(writerCookie, subject.id);
    await answer(await send(writerCookie, { conversation: theirs, text: "Hello there", key: newKey() }), 201, MessageSentSchema);
    const before = await charges(subject.id);
    await answer(
      await send(cookie, { conversation: theirs, text: "Hi, nice to meet you", key: newKey() }),
      201,
      MessageSentSchema,
    );
    // A stranger: refused, nothing stored or charged.
    const stranger = await createMember();
    const mine = await chatId(cookie, stranger.id);
    const refused = await errorOf(
      await send(cookie, { conversation: mine, text: "Hello stranger", key: newKey() }),
      403,
      "new_conversations_paused",
    );
    expect(refused.fields?.text).toBe("new_conversations_paused");
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", mine)).toBe(0);
    expect(await charges(subject.id)).toBe(before + 1);
    // An entertainment profile (paid chat with a fictional profile) is not a new conversation here.
    const profile = await createMember();
    await env.DB.prepare("UPDATE members SET is_fictional = 1 WHERE id = ?").bind(profile.id).run();
    const paid = await chatId(cookie, profile.id);
    await answer(await send(cookie, { conversation: paid, text: "Hello you", key: newKey() }), 201, MessageSentSchema);
  });

  it("the member sees the statement of reasons among their decisions and may appeal it", async () => {
    const { subject } = await pausedMember();
    const cookie = await loginAs(subject);
    const { decisions } = await answer(await call("/api/decisions.php", { cookie }), 200, DecisionsAnswerSchema);
    const pause = decisions.find((d) => d.action === "pause");
    expect(pause).toBeDefined();
    expect(pause?.reason).toMatch(/automated means/);
    const appealed = await call("/api/appeal.php", {
      method: "POST",
      cookie,
      json: { decision_id: pause!.id, text: "I only wrote to people I met at a party." },
    });
    expect(appealed.status).toBe(201);
    expect(await count("SELECT COUNT(*) AS n FROM appeals WHERE decision_id = ?", pause!.id)).toBe(1);
  });

  it("the member's site's moderator sees the pause in the queue and lifts it; another site's staff cannot", async () => {
    const { subject } = await pausedMember();
    const moderator = await staffLogin(await createStaff({ siteId: 1 }));
    const velvet = await staffLogin(await createStaff({ siteId: 3 }));
    const queue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: moderator })).json());
    const item = queue.items.find((i) => i.type === "case" && i.kind === "pause" && i.member.id === subject.id);
    expect(item).toBeDefined();
    const velvetQueue = QueueAnswerSchema.parse(await (await call("/api/staff/queue.php", { cookie: velvet })).json());
    expect(velvetQueue.items.some((i) => i.id === item!.id && i.type === "case")).toBe(false);
    await errorOf(await call(`/api/staff/case.php?id=${item!.id}`, { cookie: velvet }), 404, "not_found");
    const decide = (cookie: string) =>
      call("/api/staff/decide.php", {
        method: "POST",
        cookie,
        json: { case: item!.id, action: "dismiss", category: "scam", reason: REASON },
      });
    await errorOf(await decide(velvet), 404, "not_found");
    expect(await openPauses(subject.id)).toBe(1);
    const detail = StaffCaseAnswerSchema.parse(
      await (await call(`/api/staff/case.php?id=${item!.id}`, { cookie: moderator })).json(),
    );
    expect(detail.case.kind).toBe("pause");
    expect(detail.may_act).toBe(true);
    // Staff never choose "pause" themselves.
    const chosen = await call("/api/staff/decide.php", {
      method: "POST",
      cookie: moderator,
      json: { member: subject.id, action: "pause", category: "scam", reason: REASON },
    });
    expect(chosen.status).toBe(422);
    expect((await decide(moderator)).status).toBe(201);
    expect(await openPauses(subject.id)).toBe(0);
    // Lifted: a new conversation goes again.
    const cookie = await loginAs(subject);
    const stranger = await createMember();
    const conversation = await chatId(cookie, stranger.id);
    await answer(await send(cookie, { conversation, text: "Hello again", key: newKey() }), 201, MessageSentSchema);
  });

  it("a warning on the pause case replaces the pause with the moderator's decision", async () => {
    const { subject } = await pausedMember();
    const moderator = await staffLogin(await createStaff({ siteId: 1 }));
    const pause = await env.DB.prepare("SELECT id FROM moderation_cases WHERE subject_member_id = ? AND kind = 'pause'")
      .bind(subject.id)
      .first<{ id: number }>();
    const warned = await call("/api/staff/decide.php", {
      method: "POST",
      cookie: moderator,
      json: { case: pause!.id, action: "warn", category: "scam", reason: REASON },
    });
    expect(warned.status).toBe(201);
    expect(await openPauses(subject.id)).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM moderation_decisions WHERE member_id = ? AND action = 'warn'", subject.id),
    ).toBe(1);
  });

  it("a pause reversed on appeal ends", async () => {
    const { subject } = await pausedMember();
    const moderator = await staffLogin(await createStaff({ siteId: 1 }));
    const decision = await env.DB.prepare("SELECT id FROM moderation_decisions WHERE member_id = ? AND action = 'pause'")
      .bind(subject.id)
      .first<{ id: number }>();
    const appeal = await env.DB.prepare(
      "INSERT INTO appeals (reference, site_id, decision_id, member_id, text, created_at) VALUES (?, 1, ?, ?, 'Please', ?) RETURNING id",
    )
      .bind(`A-${crypto.randomUUID().slice(0, 8)}`, decision!.id, subject.id, Date.now())
      .first<{ id: number }>();
    const reversed = await call("/api/staff/appeal.php", {
      method: "POST",
      cookie: moderator,
      json: { appeal: appeal!.id, outcome: "reversed", reason: "The reports were about a misunderstanding." },
    });
    expect(reversed.status, await reversed.clone().text()).toBe(200);
    expect(await openPauses(subject.id)).toBe(0);
  });

  it("the transparency report counts a pause as an automated decision, not as a notice", async () => {
    await pausedMember();
    const admin = await staffLogin(await createStaff({ siteId: null, role: "admin" }));
    const today = new Date().toISOString().slice(0, 10);
    const response = await call(`/api/staff/transparency.php?from=${today}&to=${today}&site=1`, { cookie: admin });
    const r = await answer(response, 200, TransparencyAnswerSchema);
    expect(r.decisions.automated).toBeGreaterThanOrEqual(1);
    expect(r.decisions.by_action.find((a) => a.action === "pause")?.count).toBe(r.decisions.automated);
    expect(r.notices.by_category.every((row) => row.kind === "report" || row.kind === "notice")).toBe(true);
  });
});
