/**
 * GET /api/staff/transparency.php?from=&to=&site= (issue 30 point 7; docs/api.md "Transparency
 * report", docs/product.md §16.7, ADR 055): the DSA transparency counts of the admin's scope
 * (their site, or every site; another site is 404) for a range of UTC days. `format=csv` answers
 * the same as a download of section, item, detail and count rows. Admins only.
 */
import { Hono } from "hono";
import type { CsvValue } from "../../lib/csv";
import {
  TRANSPARENCY_RANGE,
  type TransparencyAnswer,
  TransparencyAnswerSchema,
  TransparencyQuerySchema,
} from "../../../../contract/transparency";
import { DAY_MS, dayText } from "../../../../contract/rules/host-figures";
import type { ApiContext } from "../../context";
import {
  appealsReceived,
  casesByCategory,
  casesDecided,
  decisionsByGround,
  type ReportScope,
  verificationsDecided,
} from "../../db/transparency";
import { answer } from "../../lib/answer";
import { readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { csvAnswer, reportRange } from "./reports";

const ADMINS = ["admin"] as const;
const hours = (ms: number | null) => (ms === null ? null : Math.round(ms / 360_000) / 10);

/** The report as rows: section, item, detail, count (docs/api.md names them). */
function csvRows(report: TransparencyAnswer): CsvValue[][] {
  const { notices, decisions, appeals } = report;
  return [
    ["section", "item", "detail", "count"],
    ["period", "from", report.from, null],
    ["period", "to", report.to, null],
    ["notices", "received", "", notices.received],
    ["notices", "reports_by_members", "", notices.reports],
    ["notices", "notices_dsa_art_16", "", notices.notices],
    ["notices", "trusted_flaggers", "", notices.trusted_flaggers],
    ...notices.by_category.map((row) => ["notices", `category_${row.kind}`, row.category, row.count]),
    ["notices", "decided", "", notices.decided],
    ["notices", "median_hours_to_decision", "", notices.median_hours_to_decision],
    ["decisions", "total", "", decisions.total],
    ["decisions", "on_notice", "", decisions.on_notice],
    ["decisions", "own_initiative", "", decisions.own_initiative],
    ["decisions", "on_appeal", "", decisions.on_appeal],
    ["decisions", "automated", "", decisions.automated],
    ...decisions.by_action.map((row) => ["decisions", "action", row.action, row.count]),
    ...decisions.by_ground.map((row) => ["decisions", `ground_${row.action}`, row.category, row.count]),
    ["decisions", "suspensions", "", decisions.suspensions],
    ["decisions", "suspensions_lifted", "", decisions.lifted],
    ["appeals", "received", "", appeals.received],
    ["appeals", "open", "", appeals.open],
    ["appeals", "upheld", "", appeals.upheld],
    ["appeals", "reversed", "", appeals.reversed],
    ["appeals", "median_hours_to_decide", "", appeals.median_hours_to_decide],
    ["verifications", "approved", "", report.verifications?.approved ?? 0],
    ["verifications", "refused", "", report.verifications?.refused ?? 0],
  ];
}

export const staffTransparency = new Hono<ApiContext>().get("/staff/transparency.php", async (c) => {
  const me = await requireStaff(c, { roles: ADMINS });
  const query = readQuery(c, TransparencyQuerySchema);
  const range = await reportRange(c, me, query, TRANSPARENCY_RANGE);
  const { db } = c.var;
  const scope: ReportScope = { siteIds: range.siteIds, fromMs: range.from * DAY_MS, toMs: (range.to + 1) * DAY_MS };
  const [categories, decided, grounds, appeals, verifications] = await Promise.all([
    casesByCategory(db, scope),
    casesDecided(db, scope),
    decisionsByGround(db, scope),
    appealsReceived(db, scope),
    verificationsDecided(db, scope),
  ]);
  const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);
  const byAction = new Map<string, number>();
  const byGround = new Map<string, { category: string; action: string; count: number }>();
  for (const row of grounds) {
    byAction.set(row.action, (byAction.get(row.action) ?? 0) + row.count);
    const key = `${row.category}|${row.action}`;
    const ground = byGround.get(key) ?? { category: row.category, action: row.action, count: 0 };
    ground.count += row.count;
    byGround.set(key, ground);
  }
  const appealState = (state: string) => appeals.states.find((row) => row.state === state)?.count ?? 0;
  const report: TransparencyAnswer = {
    from: dayText(range.from),
    to: dayText(range.to),
    site_id: range.siteId,
    sites: range.sites,
    notices: {
      received: sum(categories),
      reports: sum(categories.filter((row) => row.kind === "report")),
      notices: sum(categories.filter((row) => row.kind === "notice")),
      trusted_flaggers: 0,
      by_category: categories,
      decided: decided.decided,
      median_hours_to_decision: hours(decided.medianMs),
    },
    decisions: {
      total: sum(grounds),
      // The automated pause after trusted reports (ADR 058) has a case of its own but no notice.
      on_notice: sum(grounds.filter((row) => row.origin === "case" && row.action !== "pause")),
      own_initiative: sum(grounds.filter((row) => row.origin === "own")),
      on_appeal: sum(grounds.filter((row) => row.origin === "appeal")),
      automated: sum(grounds.filter((row) => row.action === "pause" && row.origin === "case")),
      by_action: [...byAction].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count),
      by_ground: [...byGround.values()].sort((a, b) => b.count - a.count),
      suspensions: byAction.get("ban") ?? 0,
      lifted: byAction.get("unban") ?? 0,
    },
    appeals: {
      received: sum(appeals.states),
      open: appealState("open"),
      upheld: appealState("upheld"),
      reversed: appealState("reversed"),
      median_hours_to_decide: hours(appeals.medianMs),
    },
    verifications,
  };
  if (query.format === "csv") return csvAnswer(c, `transparency-${report.from}-${report.to}.csv`, csvRows(report));
  c.header("cache-control", "no-store");
  return answer(c, TransparencyAnswerSchema, report);
});
