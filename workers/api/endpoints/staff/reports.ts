/**
 * What the admins' reports share (the business figures, ADR 051; the transparency report, ADR
 * 055; the host figures, ADR 045): the range of UTC days and the sites a report covers, and its
 * answer as a CSV download.
 */
import type { Context } from "hono";
import { type RangeLimits, readRange, todayOf } from "../../../../contract/rules/host-figures";
import type { ApiContext } from "../../context";
import { figureSites } from "../../db/host-figures";
import { type CsvValue, csvDocument } from "../../lib/csv";
import { ApiError } from "../../lib/errors";
import type { StaffRow } from "../../lib/staff";
import { invalidInput } from "../../lib/validate";

export interface ReportRange {
  /** UTC day numbers, both included. */
  from: number;
  to: number;
  /** The admin's sites (to choose from), the one asked for (null: all of them) and the ids covered. */
  sites: { id: number; name: string }[];
  siteId: number | null;
  siteIds: number[];
}

/**
 * The range asked for (422 with `fields.from`/`fields.to` when it is not one) on the admin's
 * scope: every site of it, or the one `site` names (404 when it is outside the scope).
 */
export async function reportRange(
  c: Context<ApiContext>,
  me: Pick<StaffRow, "site_id">,
  query: { from?: string; to?: string; site?: string },
  limits: RangeLimits,
): Promise<ReportRange> {
  const range = readRange(query.from, query.to, todayOf(Date.now()), limits);
  if (!range.ok) throw invalidInput({ [range.field]: range.problem }, "The dates are not a range the report can cover.");
  const sites = (await figureSites(c.var.db, me.site_id)).map(({ id, name }) => ({ id, name }));
  const siteId = query.site ? Number(query.site) : null;
  if (siteId !== null && !sites.some((site) => site.id === siteId)) throw new ApiError(404, "not_found", "No such site.");
  return { from: range.from, to: range.to, sites, siteId, siteIds: siteId === null ? sites.map((site) => site.id) : [siteId] };
}

/** A report's table as a CSV download named `filename` (no caching: the figures change). */
export function csvAnswer(c: Context<ApiContext>, filename: string, rows: readonly (readonly CsvValue[])[]): Response {
  c.header("cache-control", "no-store");
  c.header("content-type", "text/csv; charset=utf-8");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(csvDocument(rows));
}
