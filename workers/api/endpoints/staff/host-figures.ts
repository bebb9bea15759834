/**
 * GET /api/staff/host_figures.php?from=&to= (issue 27; docs/api.md "Chat hosts", ADR 045
 * "Figures"): the admin's figures about the hosts' work on their scope (their site, or every
 * site): what waits now; per UTC day, site and language the replies, first-reply times (median,
 * 95th percentile) and replies over the site's target; per host and day the replies and the hours
 * worked. `format=csv` answers one table (`table=days|hosts`) as a CSV download. Admins only:
 * hosts and moderators get 403 staff_role.
 */
import { Hono } from "hono";
import {
  type HostFiguresAnswer,
  HostFiguresAnswerSchema,
  HostFiguresQuerySchema,
  type HostFiguresTable,
} from "../../../../contract/host-figures";
import { DAY_MS, dayText, readRange, todayOf } from "../../../../contract/rules/host-figures";
import type { ApiContext } from "../../context";
import { type FigureRange, figureSites, figuresPerDay, figuresPerGroup, figuresPerHost } from "../../db/host-figures";
import { waitingNow } from "../../db/host-queue";
import { answer } from "../../lib/answer";
import type { CsvValue } from "../../lib/csv";
import { readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { invalidInput } from "../../lib/validate";
import { csvAnswer } from "./reports";

const ADMINS = ["admin"] as const;

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 1000));

/** One table of the answer as CSV rows, its header first (docs/api.md names the columns). */
function csvRows(figures: HostFiguresAnswer, table: HostFiguresTable): CsvValue[][] {
  if (table === "hosts") {
    return [
      ["day", "host", "replies", "active_hours", "replies_per_active_hour"],
      ...figures.hosts.map((row) => [
        row.day,
        row.name,
        row.replies,
        row.active_hours,
        row.active_hours === 0 ? null : Math.round((row.replies / row.active_hours) * 10) / 10,
      ]),
    ];
  }
  return [
    ["day", "site", "language", "replies", "median_seconds", "p95_seconds", "over_target", "target_minutes"],
    ...figures.groups.map((row) => [
      row.day,
      row.site_name,
      row.language,
      row.replies,
      seconds(row.median_ms),
      seconds(row.p95_ms),
      row.over_target,
      row.target_minutes,
    ]),
  ];
}

export const staffHostFigures = new Hono<ApiContext>().get("/staff/host_figures.php", async (c) => {
  const me = await requireStaff(c, { roles: ADMINS });
  const query = readQuery(c, HostFiguresQuerySchema);
  const now = Date.now();
  const range = readRange(query.from, query.to, todayOf(now));
  if (!range.ok) throw invalidInput({ [range.field]: range.problem }, "The dates are not a range the figures can show.");
  const { db } = c.var;
  const sites = await figureSites(db, me.site_id);
  const span: FigureRange = { sites, fromMs: range.from * DAY_MS, toMs: (range.to + 1) * DAY_MS };
  const [waiting, perDay, perGroup, perHost] = await Promise.all([
    waitingNow(db, { siteId: me.site_id, languages: null }),
    figuresPerDay(db, span),
    figuresPerGroup(db, span),
    figuresPerHost(db, span),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const siteOf = new Map(sites.map((site) => [site.id, site]));
  const figures = {
    from: dayText(range.from),
    to: dayText(range.to),
    now,
    waiting: waiting.waiting,
    oldest_since: waiting.oldestSince,
    days: Array.from({ length: range.to - range.from + 1 }, (_, i) => {
      const row = byDay.get(range.from + i);
      return {
        day: dayText(range.from + i),
        replies: row?.replies ?? 0,
        median_ms: row?.median_ms ?? null,
        p95_ms: row?.p95_ms ?? null,
        over_target: row?.over_target ?? 0,
      };
    }),
    groups: perGroup.map((row) => ({
      day: dayText(row.day),
      site_id: row.site_id,
      site_name: siteOf.get(row.site_id)?.name ?? `#${row.site_id}`,
      language: row.language,
      replies: row.replies,
      median_ms: row.median_ms,
      p95_ms: row.p95_ms,
      over_target: row.over_target,
      target_minutes: siteOf.get(row.site_id)?.targetMinutes ?? 0,
    })),
    hosts: perHost.map((row) => ({
      day: dayText(row.day),
      staff_id: row.staff_id,
      name: row.name,
      replies: row.replies,
      active_hours: row.active_hours,
    })),
  };
  if (query.format === "csv") {
    return csvAnswer(c, `host-figures-${query.table}-${figures.from}-${figures.to}.csv`, csvRows(figures, query.table));
  }
  c.header("cache-control", "no-store");
  return answer(c, HostFiguresAnswerSchema, figures);
});
