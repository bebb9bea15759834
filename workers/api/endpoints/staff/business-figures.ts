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
import type { ApiContext } from "../../context";
import { distinctPayers, type FigureScope, sumsPerDay, sumsPerSource } from "../../db/business-figures";
import { businessAnswer, businessCsvRows } from "../../domain/business-figures";
import { answer } from "../../lib/answer";
import { readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";
import { csvAnswer, reportRange } from "./reports";

const ADMINS = ["admin"] as const;

export const staffBusinessFigures = new Hono<ApiContext>().get("/staff/business_figures.php", async (c) => {
  const me = await requireStaff(c, { roles: ADMINS });
  const query = readQuery(c, BusinessFiguresQuerySchema);
  const { from, to, sites, siteId, siteIds } = await reportRange(c, me, query, BUSINESS_RANGE);
  const { db } = c.var;
  const source =
    query.source === undefined || query.source === ALL_SOURCES ? null : [...query.source].slice(0, SOURCE_MAX).join("");
  const scope: FigureScope = { siteIds, from, to, source };
  const [perDay, perSource, payers] = await Promise.all([
    sumsPerDay(db, scope),
    sumsPerSource(db, { ...scope, source: null }),
    distinctPayers(db, scope),
  ]);
  const figures = businessAnswer({ from, to, siteId, sites, source, perDay, perSource, payers });
  if (query.format === "csv") {
    return csvAnswer(c, `business-${query.table}-${figures.from}-${figures.to}.csv`, businessCsvRows(figures, query.table));
  }
  c.header("cache-control", "no-store");
  return answer(c, BusinessFiguresAnswerSchema, figures);
});
