/**
 * GET /api/staff/business_figures.php?from=&to=&site=&source= (issue 28 point 6; docs/api.md
 * "Business figures", docs/product.md §16.6, ADR 051): the funnel, money and engagement per day
 * and per traffic source, on the admin's scope (their site, or every site; another site is 404).
 * `format=csv` answers one table (`table=days|money|sources`) as a download. Admins only.
 */
import { Hono } from "hono";
import {
  ALL_SOURCES,
  BUSINESS_RANGE,
  BusinessFiguresAnswerSchema,
  BusinessFiguresQuerySchema,
  SOURCE_MAX,
} from "../../../../contract/business-figures";
import { readRange, todayOf } from "../../../../contract/rules/host-figures";
import type { ApiContext } from "../../context";
import { distinctPayers, type FigureScope, sumsPerDay, sumsPerSource } from "../../db/business-figures";
import { figureSites } from "../../db/host-figures";
import { businessAnswer, businessCsvRows } from "../../domain/business-figures";
import { answer } from "../../lib/answer";
import { csvDocument } from "../../lib/csv";
import { ApiError } from "../../lib/errors";
import { readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { invalidInput } from "../../lib/validate";

const ADMINS = ["admin"] as const;

export const staffBusinessFigures = new Hono<ApiContext>().get("/staff/business_figures.php", async (c) => {
  const me = await requireStaff(c, { roles: ADMINS });
  const query = readQuery(c, BusinessFiguresQuerySchema);
  const range = readRange(query.from, query.to, todayOf(Date.now()), BUSINESS_RANGE);
  if (!range.ok) throw invalidInput({ [range.field]: range.problem }, "The dates are not a range the figures can show.");
  const { db } = c.var;
  const sites = (await figureSites(db, me.site_id)).map(({ id, name }) => ({ id, name }));
  const siteId = query.site ? Number(query.site) : null;
  if (siteId !== null && !sites.some((site) => site.id === siteId)) throw new ApiError(404, "not_found", "No such site.");
  const source =
    query.source === undefined || query.source === ALL_SOURCES ? null : [...query.source].slice(0, SOURCE_MAX).join("");
  const scope: FigureScope = {
    siteIds: siteId === null ? sites.map((site) => site.id) : [siteId],
    from: range.from,
    to: range.to,
    source,
  };
  const [perDay, perSource, payers] = await Promise.all([
    sumsPerDay(db, scope),
    sumsPerSource(db, { ...scope, source: null }),
    distinctPayers(db, scope),
  ]);
  const figures = businessAnswer({ from: range.from, to: range.to, siteId, sites, source, perDay, perSource, payers });
  c.header("cache-control", "no-store");
  if (query.format === "csv") {
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="business-${query.table}-${figures.from}-${figures.to}.csv"`);
    return c.body(csvDocument(businessCsvRows(figures, query.table)));
  }
  return answer(c, BusinessFiguresAnswerSchema, figures);
});
