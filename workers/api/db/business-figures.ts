/**
 * The business figures (issue 28 point 6; ADR 051): reads of the daily roll-ups that migration
 * 0033's triggers keep (daily_figures, payer_days), and the one write the API makes itself, a
 * visit. Every read seeks the primary key's range (site_id, day, …) per site named, so its cost
 * follows the days and sources shown, not the members, orders or ledger rows behind them.
 */
import { sql } from "kysely";
import type { Db } from "./client";

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

/** The distinct payers per source and currency ('*' stands for "all" in either). */
export interface PayerCount {
  source: string;
  currency: string;
  members: number;
}

/** A source with more than this many sources already counted that day is counted as OTHER_SOURCE. */
const VISIT_SOURCES_PER_DAY = 100;
export const OTHER_SOURCE = "(other)";

/** The sums per day (key: the day number) and figure and currency. */
export async function sumsPerDay(db: Db, scope: FigureScope): Promise<FigureSum[]> {
  if (scope.siteIds.length === 0) return [];
  let query = db
    .selectFrom("daily_figures")
    .select(["figure", "currency", sql<string>`cast(day as text)`.as("key"), (eb) => eb.fn.sum<number>("value").as("value")])
    .where("site_id", "in", scope.siteIds)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy(["day", "figure", "currency"]);
  if (scope.source !== null) query = query.where("source", "=", scope.source);
  return (await query.execute()).map((row) => ({ ...row, value: Number(row.value) }));
}

/** The sums per source (key: the source) and figure and currency over the whole range. */
export async function sumsPerSource(db: Db, scope: FigureScope): Promise<FigureSum[]> {
  if (scope.siteIds.length === 0) return [];
  let query = db
    .selectFrom("daily_figures")
    .select(["figure", "currency", "source as key", (eb) => eb.fn.sum<number>("value").as("value")])
    .where("site_id", "in", scope.siteIds)
    .where("day", ">=", scope.from)
    .where("day", "<=", scope.to)
    .groupBy(["source", "figure", "currency"]);
  if (scope.source !== null) query = query.where("source", "=", scope.source);
  return (await query.execute()).map((row) => ({ ...row, value: Number(row.value) }));
}

/**
 * The members who paid in the range, each counted once: per source and currency, per source, per
 * currency and in all (one statement, four groupings of the same rows).
 */
export async function distinctPayers(db: Db, scope: FigureScope): Promise<PayerCount[]> {
  if (scope.siteIds.length === 0) return [];
  const sites = sql.join(scope.siteIds.map((id) => sql`${id}`));
  const source = scope.source === null ? sql`` : sql`and source = ${scope.source}`;
  const result = await sql<PayerCount>`with p as (
      select source, currency, member_id from payer_days
      where site_id in (${sites}) and day >= ${scope.from} and day <= ${scope.to} ${source}
    )
    select source, currency, count(distinct member_id) as members from p group by source, currency
    union all select source, '*', count(distinct member_id) from p group by source
    union all select '*', currency, count(distinct member_id) from p group by currency
    union all select '*', '*', count(distinct member_id) from p`.execute(db);
  return result.rows.map((row) => ({ ...row, members: Number(row.members) }));
}

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
        .columns(["site_id", "day", "source", "figure", "currency"])
        .doUpdateSet((eb) => ({ value: eb("daily_figures.value", "+", eb.ref("excluded.value")) })),
    )
    .execute();
}
