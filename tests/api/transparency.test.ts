/**
 * The transparency report (issue 30 point 7; docs/api.md "Transparency report", ADR 055): who may
 * read it, its scope, exact counts on cases, decisions and appeals written straight into the
 * tables on days of 2020 nothing else touches, medians, bad input and the CSV.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TransparencyAnswerSchema } from "../../contract/transparency";
import { call, createMember, ensureSites } from "./helpers";
import { answer, createHost, errorOf, type SignedInStaff } from "./host-helpers";

const HOUR = 3_600_000;
const D = Date.UTC(2020, 4, 4);
const RANGE = "from=2020-05-04&to=2020-05-10";
const report = (cookie: string | undefined, query: string) => call(`/api/staff/transparency.php?${query}`, { cookie });

let platformAdmin: SignedInStaff;
let siteAdmin: SignedInStaff;
let n = 0;

async function insertCase(options: { kind: "report" | "notice"; category: string; memberId: number; at: number }) {
  const row = await env.DB.prepare(
    `INSERT INTO moderation_cases (reference, site_id, kind, category, subject_kind, subject_member_id, created_at, updated_at)
     VALUES (?, 2, ?, ?, 'profile', ?, ?, ?) RETURNING id`,
  )
    .bind(`R-TR${String(++n).padStart(6, "0")}`, options.kind, options.category, options.memberId, options.at, options.at)
    .first<{ id: number }>();
  return row!.id;
}

async function insertDecision(options: {
  action: string;
  category: string;
  memberId: number;
  at: number;
  caseId?: number;
  appealId?: number;
}) {
  const row = await env.DB.prepare(
    `INSERT INTO moderation_decisions (site_id, member_id, case_id, appeal_id, action, category, reason, staff_id, created_at)
     VALUES (2, ?, ?, ?, ?, ?, 'A statement of reasons for the test.', ?, ?) RETURNING id`,
  )
    .bind(
      options.memberId,
      options.caseId ?? null,
      options.appealId ?? null,
      options.action,
      options.category,
      platformAdmin.id,
      options.at,
    )
    .first<{ id: number }>();
  return row!.id;
}

async function insertAppeal(options: { decisionId: number; memberId: number; at: number; state: string; decidedAt?: number }) {
  const row = await env.DB.prepare(
    `INSERT INTO appeals (reference, site_id, decision_id, member_id, text, state, decided_at, created_at)
     VALUES (?, 2, ?, ?, 'Please look again.', ?, ?, ?) RETURNING id`,
  )
    .bind(
      `A-TR${String(++n).padStart(6, "0")}`,
      options.decisionId,
      options.memberId,
      options.state,
      options.decidedAt ?? null,
      options.at,
    )
    .first<{ id: number }>();
  return row!.id;
}

beforeAll(async () => {
  await ensureSites();
  [platformAdmin, siteAdmin] = await Promise.all([
    createHost({ siteId: null, role: "admin" }),
    createHost({ siteId: 1, role: "admin" }),
  ]);
  const member = await createMember({ siteId: 2 });
  // Three reports and a notice; the first two decided after 2 and 6 hours, the notice after 10.
  const spam = await insertCase({ kind: "report", category: "spam", memberId: member.id, at: D });
  const scam = await insertCase({ kind: "report", category: "scam", memberId: member.id, at: D + HOUR });
  await insertCase({ kind: "report", category: "spam", memberId: member.id, at: D + 2 * HOUR });
  const notice = await insertCase({ kind: "notice", category: "fraud", memberId: member.id, at: D + 3 * HOUR });
  const warn = await insertDecision({ action: "warn", category: "spam", memberId: member.id, at: D + 2 * HOUR, caseId: spam });
  const ban = await insertDecision({ action: "ban", category: "scam", memberId: member.id, at: D + 7 * HOUR, caseId: scam });
  await insertDecision({ action: "dismiss", category: "terms", memberId: member.id, at: D + 13 * HOUR, caseId: notice });
  // A photo removed on the staff's own initiative; an appeal of the ban, reversed after 24 hours; an unban on it.
  await insertDecision({ action: "remove_photo", category: "terms", memberId: member.id, at: D + DAYS(1) });
  const appeal = await insertAppeal({
    decisionId: ban,
    memberId: member.id,
    at: D + DAYS(2),
    state: "reversed",
    decidedAt: D + DAYS(3),
  });
  await insertDecision({ action: "unban", category: "scam", memberId: member.id, at: D + DAYS(3), appealId: appeal });
  await insertAppeal({ decisionId: warn, memberId: member.id, at: D + DAYS(4), state: "open" });
  // Outside the range: not counted.
  await insertCase({ kind: "report", category: "spam", memberId: member.id, at: D - DAYS(1) });
});

function DAYS(days: number) {
  return days * 24 * HOUR;
}

describe("the transparency report", () => {
  it("counts notices, decisions and appeals of the range exactly, with median times", async () => {
    const response = await report(platformAdmin.cookie, `${RANGE}&site=2`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const r = await answer(response, 200, TransparencyAnswerSchema);
    expect(r.notices).toMatchObject({ received: 4, reports: 3, notices: 1, decided: 3, median_hours_to_decision: 6 });
    expect(r.notices.by_category[0]).toEqual({ kind: "report", category: "spam", count: 2 });
    expect(r.decisions).toMatchObject({
      total: 5,
      on_notice: 3,
      own_initiative: 1,
      on_appeal: 1,
      automated: 0,
      suspensions: 1,
      lifted: 1,
    });
    expect(r.decisions.by_ground).toContainEqual({ category: "scam", action: "ban", count: 1 });
    expect(r.appeals).toEqual({ received: 2, open: 1, upheld: 0, reversed: 1, median_hours_to_decide: 24 });
  });

  it("is for admins, on their scope; bad input is a 422 with its field", async () => {
    await errorOf(await report(undefined, RANGE), 401);
    const moderator = await createHost({ siteId: 1, role: "moderator" });
    await errorOf(await report(moderator.cookie, RANGE), 403, "staff_role");
    await errorOf(await report(siteAdmin.cookie, `${RANGE}&site=2`), 404, "not_found");
    const own = await answer(await report(siteAdmin.cookie, RANGE), 200, TransparencyAnswerSchema);
    expect(own.notices.received).toBe(0);
    expect(own.sites.map((site) => site.id)).toEqual([1]);
    const error = await errorOf(await report(platformAdmin.cookie, "from=2019-01-01&to=2020-05-01"), 422, "invalid_input");
    expect(error.fields?.from).toBe("too_long");
    await errorOf(await report(platformAdmin.cookie, "to=someday"), 422, "invalid_input");
    await errorOf(await report(platformAdmin.cookie, `${RANGE}&site=x`), 422, "invalid_input");
  });

  it("downloads as CSV rows of section, item, detail and count", async () => {
    const response = await report(platformAdmin.cookie, `${RANGE}&site=2&format=csv`);
    expect(response.headers.get("content-disposition")).toContain("transparency-2020-05-04-2020-05-10.csv");
    const text = await response.text();
    expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("section,item,detail,count");
    expect(text).toContain("notices,category_report,spam,2");
    expect(text).toContain("decisions,suspensions,,1");
    expect(text).toContain("appeals,median_hours_to_decide,,24");
  });
});
