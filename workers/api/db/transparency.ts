/**
 * The transparency report's counts (issue 30 point 7; ADR 055), straight from the moderation
 * tables: cases, decisions and appeals are few next to members and messages, and each query
 * reads one range of a site's rows (their (site_id, …, created_at) indexes or a short scan).
 */
import { sql } from "kysely";
import type { Db } from "./client";
import { idList } from "./id-list";

export interface ReportScope {
  siteIds: readonly number[];
  fromMs: number;
  toMs: number;
}

function where(scope: ReportScope, table = "") {
  const prefix = table ? sql.raw(`${table}.`) : sql``;
  const sites = idList(scope.siteIds);
  return sql`${prefix}site_id in (${sites}) and ${prefix}created_at >= ${scope.fromMs} and ${prefix}created_at < ${scope.toMs}`;
}

/** The nearest-rank median of a list of durations in ms, as SQL over a subquery of `d`. */
async function median(db: Db, durations: ReturnType<typeof sql>): Promise<number | null> {
  const result = await sql<{ d: number | null }>`with t as (${durations})
    select d from t order by d limit 1 offset (select max(count(*) - 1, 0) / 2 from t)`.execute(db);
  const value = result.rows[0]?.d;
  return value === undefined || value === null ? null : Number(value);
}

export async function casesByCategory(db: Db, scope: ReportScope) {
  if (scope.siteIds.length === 0) return [];
  const result = await sql<{ kind: "report" | "notice"; category: string; count: number }>`
    select kind, category, count(*) as count from moderation_cases where ${where(scope)}
      and kind in ('report', 'notice')
    group by kind, category order by count desc, kind, category`.execute(db);
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}

// Pause cases (kind 'pause', docs/decisions/058) are not notices: the system opens them; their
// automated decision counts among the decisions (automated), not the notices received.

/** Of the cases opened in the range: how many have a decision, and the median time to the first one. */
export async function casesDecided(db: Db, scope: ReportScope): Promise<{ decided: number; medianMs: number | null }> {
  if (scope.siteIds.length === 0) return { decided: 0, medianMs: null };
  const firsts = sql`select min(d.created_at) - c.created_at as d from moderation_cases c
    join moderation_decisions d on d.case_id = c.id and d.action != 'pause'
    where ${where(scope, "c")} and c.kind in ('report', 'notice') group by c.id`;
  const counted = await sql<{ n: number }>`select count(*) as n from (${firsts})`.execute(db);
  return { decided: Number(counted.rows[0]?.n ?? 0), medianMs: await median(db, firsts) };
}

export async function decisionsByGround(db: Db, scope: ReportScope) {
  if (scope.siteIds.length === 0) return [];
  const result = await sql<{ category: string; action: string; origin: "case" | "appeal" | "own"; count: number }>`
    select category, action,
      case when case_id is not null then 'case' when appeal_id is not null then 'appeal' else 'own' end as origin,
      count(*) as count
    from moderation_decisions where ${where(scope)} group by category, action, origin`.execute(db);
  return result.rows.map((row) => ({ ...row, count: Number(row.count) }));
}

export async function appealsReceived(db: Db, scope: ReportScope) {
  if (scope.siteIds.length === 0) return { states: [], medianMs: null };
  const result = await sql<{ state: string; count: number }>`
    select state, count(*) as count from appeals where ${where(scope)} group by state`.execute(db);
  const waits = sql`select decided_at - created_at as d from appeals where ${where(scope)} and decided_at is not null`;
  return {
    states: result.rows.map((row) => ({ ...row, count: Number(row.count) })),
    medianMs: await median(db, waits),
  };
}

/** Photo verifications decided in the range (ADR 059): approved and refused, by when decided. */
export async function verificationsDecided(db: Db, scope: ReportScope): Promise<{ approved: number; refused: number }> {
  if (scope.siteIds.length === 0) return { approved: 0, refused: 0 };
  const rows = await db
    .selectFrom("verifications")
    .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
    .where("state", "in", ["approved", "refused"])
    .where(sql<boolean>`site_id in (${idList(scope.siteIds)})`)
    .where("decided_at", ">=", scope.fromMs)
    .where("decided_at", "<", scope.toMs)
    .groupBy("state")
    .execute();
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { approved: count("approved"), refused: count("refused") };
}
