/**
 * The business figures (issue 28 point 6; ADR 051): reads of the daily roll-ups that migration
 * 0033's triggers keep (daily_figures, payer_days), and the one write the API makes itself, a
 * visit. Every read seeks the primary key's range (site_id, day, …) per site named, so its cost
 * follows the days and sources shown, not the members, orders or ledger rows behind them.
 */
import { sql } from "kysely";
import type { Db } from "./client";
import { idList } from "./id-list";

/** What a read covers: these sites, UTC day numbers from `from` to `to` (both included), one source or all (null). */
export interface FigureScope {
  siteIds: readonly number[];
  from: number;
  to: number;
  source: string | null;
}

export interface FigureSum {
  key: string;
  figure: string;
  currency: string;
  value: number;
}

/** The distinct members who paid in the range, per source and currency. */
export interface PayerCount {
  source: string;
  currency: string;
  members: number;
}

/**
 * Over a month or less the primary key's day range is the smallest read. Over longer ranges
 * the indexes ordered by source read each site's rows once in the order of the groups, so
 * SQLite sums them as they come instead of sorting them (ADR 051 "Reads": a year of every site
 * at full scale went from about 600 ms to under 100 ms).
 */
const LONG_RANGE_DAYS = 31;
const isLong = (scope: FigureScope) => scope.to - scope.from + 1 > LONG_RANGE_DAYS;

function rangeOf(scope: FigureScope) {
  const sites = idList(scope.siteIds);
  const source = scope.source === null ? sql`` : sql`and source = ${scope.source}`;
  return sql`site_id in (${sites}) and day >= ${scope.from} and day <= ${scope.to} ${source}`;
}

/** The sums per day (key: the day number) and figure and currency: per site in key order, then added up. */
export async function sumsPerDay(db: Db, scope: FigureScope): Promise<FigureSum[]> {
  if (scope.siteIds.length === 0) return [];
  const result = await sql<FigureSum>`select cast(day as text) as key, figure, currency, sum(value) as value from (
      select site_id, day, figure, currency, sum(value) as value from daily_figures
      where ${rangeOf(scope)} group by site_id, day, figure, currency
    ) group by day, figure, currency`.execute(db);
  return result.rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** The sums per source (key: the source) and figure and currency over the whole range. */
export async function sumsPerSource(db: Db, scope: FigureScope): Promise<FigureSum[]> {
  if (scope.siteIds.length === 0) return [];
  const index = isLong(scope) ? sql`indexed by daily_figures_by_source` : sql``;
  const result = await sql<FigureSum>`select source as key, figure, currency, sum(value) as value from (
      select site_id, source, figure, currency, sum(value) as value from daily_figures ${index}
      where ${rangeOf(scope)} group by site_id, source, figure, currency
    ) group by source, figure, currency`.execute(db);
  return result.rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/**
 * The members who paid in the range, each counted once per source and currency. A member pays on
 * one site and came from one source, so sums of these over sites and sources are exact too;
 * over currencies they count a member who paid in two currencies in each (ADR 051).
 */
export async function distinctPayers(db: Db, scope: FigureScope): Promise<PayerCount[]> {
  if (scope.siteIds.length === 0) return [];
  const index = isLong(scope) ? sql`indexed by payer_days_by_member` : sql``;
  const result = await sql<PayerCount>`select source, currency, sum(members) as members from (
      select site_id, source, currency, count(distinct member_id) as members from payer_days ${index}
      where ${rangeOf(scope)} group by site_id, source, currency
    ) group by source, currency`.execute(db);
  return result.rows.map((row) => ({ ...row, members: Number(row.members) }));
}

/** A source not yet counted that day, past this many sources of a kind, is counted as OTHER_SOURCE. */
const VISIT_SOURCES_PER_DAY = 100;
export const OTHER_SOURCE = "(other)";

/**
 * Counts one visit of a page kind. A source not yet seen that day, when the site has counted
 * VISIT_SOURCES_PER_DAY sources of that kind already, is counted as OTHER_SOURCE: anyone can
 * make up a network name, and each would otherwise be a row.
 */
export async function countVisit(db: Db, visit: { siteId: number; day: number; source: string; figure: string }) {
  const { siteId, day, source, figure } = visit;
  const known = sql<number>`exists (select 1 from daily_figures where site_id = ${siteId} and day = ${day}
    and source = ${source} and figure = ${figure} and currency = '')`;
  const full = sql<number>`(select count(*) from daily_figures where site_id = ${siteId} and day = ${day}
    and figure = ${figure}) >= ${VISIT_SOURCES_PER_DAY}`;
  await db
    .insertInto("daily_figures")
    .columns(["site_id", "day", "source", "figure", "currency", "value"])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(siteId).as("site_id"),
          eb.val(day).as("day"),
          sql<string>`case when ${source} = '' or ${known} or not ${full} then ${source} else ${OTHER_SOURCE} end`.as("source"),
          eb.val(figure).as("figure"),
          eb.val("").as("currency"),
          eb.val(1).as("value"),
        ])
        // SQLite reads "ON CONFLICT" after a SELECT without WHERE as a join's ON: the WHERE settles it.
        .where(sql<boolean>`true`),
    )
    .onConflict((oc) =>
      oc
        .columns(["site_id", "day", "figure", "currency", "source"])
        .doUpdateSet((eb) => ({ value: eb("daily_figures.value", "+", eb.ref("excluded.value")) })),
    )
    .execute();
}
