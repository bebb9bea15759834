/**
 * The admin's host figures (issue 27; ADR 045 "Figures"): host_replies aggregated in SQL per UTC
 * day, over a range of sites. Each query reads the range through host_replies_site (site_id,
 * created_at): the sites are named (every site of the database for a platform admin), so SQLite
 * seeks one index range per site instead of scanning the table.
 *
 * Median and 95th percentile are nearest-rank: the smallest wait within which half (95 %) of the
 * group's replies came, i.e. the smallest wait whose share of the group's replies at or below it
 * (the window function cume_dist) reaches 0.5 (0.95). One window, one sort per query, in the same
 * statement as the grouping, so no reply row leaves the database (ADR 045 "Figures": measured
 * against two windows, row_number and count, which cost three times as much).
 */
import { type RawBuilder, sql } from "kysely";
import { DAY_MS, HOST_REPLY_TARGET_DEFAULT_MINUTES } from "../../../contract/rules/host-figures";
import type { Db } from "./client";
import { idList, integerLiteral } from "./id-list";

const HOUR_MS = 60 * 60 * 1000;

/** The sites the figures cover and each one's reply target in ms. */
export interface FigureSite {
  id: number;
  name: string;
  targetMinutes: number;
}

/** What the queries read: these sites, replies sent from `fromMs` (included) to `toMs` (excluded). */
export interface FigureRange {
  sites: readonly FigureSite[];
  fromMs: number;
  toMs: number;
}

/** Every site (or the one given), its name and its reply target (two fields of its settings). */
export async function figureSites(db: Db, siteId: number | null): Promise<FigureSite[]> {
  let query = db
    .selectFrom("sites")
    .select([
      "id",
      sql<string | null>`json_extract(settings, '$.name')`.as("name"),
      sql<number | null>`json_extract(settings, '$.host_reply_target_minutes')`.as("target"),
    ])
    .orderBy("id");
  if (siteId !== null) query = query.where("id", "=", siteId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: typeof row.name === "string" ? row.name : `#${row.id}`,
    // The settings schema holds the value to 1–1440 when the site loads; absent means the default.
    targetMinutes:
      Number.isInteger(row.target) && Number(row.target) > 0 ? Number(row.target) : HOST_REPLY_TARGET_DEFAULT_MINUTES,
  }));
}

/** `waited_ms` over the reply's site target, as 1 or 0. */
function overTarget(sites: readonly FigureSite[]): RawBuilder<number> {
  const cases = sites.map((site) => sql`when ${integerLiteral(site.id)} then ${integerLiteral(site.targetMinutes * 60_000)}`);
  return sql<number>`(waited_ms > (case site_id ${sql.join(cases, sql` `)} else ${HOST_REPLY_TARGET_DEFAULT_MINUTES * 60_000} end))`;
}

/** The range's rows of host_replies with what the groups need: the day, the share of the group at or below the row's wait. */
function rankedReplies(range: FigureRange, partition: RawBuilder<unknown>) {
  const siteIds = idList(range.sites.map((site) => site.id));
  return sql`select cast(created_at / ${DAY_MS} as integer) as day, site_id, language, waited_ms,
      ${overTarget(range.sites)} as late,
      cume_dist() over (partition by ${partition} order by waited_ms) as share
    from host_replies
    where site_id in (${siteIds}) and created_at >= ${range.fromMs} and created_at < ${range.toMs}`;
}

/** The group's figures: the nearest-rank percentiles are the smallest waits whose share reaches p. */
const percentiles = sql`count(*) as replies,
  min(case when share >= 0.5 then waited_ms end) as median_ms,
  min(case when share >= 0.95 then waited_ms end) as p95_ms,
  sum(late) as over_target`;

interface GroupRow {
  day: number;
  replies: number;
  median_ms: number | null;
  p95_ms: number | null;
  over_target: number;
}

/** Per UTC day over every site of the range: replies, median and p95 wait, replies over target. */
export async function figuresPerDay(db: Db, range: FigureRange): Promise<GroupRow[]> {
  if (range.sites.length === 0) return [];
  const day = sql`cast(created_at / ${DAY_MS} as integer)`;
  const result = await sql<GroupRow>`with r as (${rankedReplies(range, day)})
    select day, ${percentiles} from r group by day order by day`.execute(db);
  return result.rows;
}

/** Per UTC day, site and language: the same figures. */
export async function figuresPerGroup(db: Db, range: FigureRange): Promise<(GroupRow & { site_id: number; language: string })[]> {
  if (range.sites.length === 0) return [];
  const group = sql`cast(created_at / ${DAY_MS} as integer), site_id, language`;
  const result = await sql<GroupRow & { site_id: number; language: string }>`with r as (${rankedReplies(range, group)})
    select day, site_id, language, ${percentiles} from r group by day, site_id, language order by day, site_id, language`.execute(
    db,
  );
  return result.rows;
}

/** Per UTC day and host: replies, and the clock hours (UTC) in which the host sent any. */
export async function figuresPerHost(db: Db, range: FigureRange) {
  if (range.sites.length === 0) return [];
  const siteIds = idList(range.sites.map((site) => site.id));
  const result = await sql<{ day: number; staff_id: number; name: string; replies: number; active_hours: number }>`
    select cast(r.created_at / ${DAY_MS} as integer) as day, r.staff_id, s.name,
      count(*) as replies, count(distinct cast(r.created_at / ${HOUR_MS} as integer)) as active_hours
    from host_replies as r inner join staff as s on s.id = r.staff_id
    where r.site_id in (${siteIds}) and r.created_at >= ${range.fromMs} and r.created_at < ${range.toMs}
    group by day, r.staff_id
    order by day, s.name, r.staff_id`.execute(db);
  return result.rows;
}
