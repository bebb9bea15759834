/**
 * The postback console's queries (docs/decisions/050): one network's postbacks of a site, counted
 * per status over a period and listed newest first, a page at a time. Served by the index
 * postbacks_site_network_created (migration 0032).
 */
import { sql } from "kysely";
import type { PostbackEvent } from "../../../contract/rules/postback-macros";
import type { PostbackStatus } from "../../../contract/rules/postback-statuses";
import type { Db } from "./client";

export interface NetworkLogFilter {
  status?: PostbackStatus;
  event?: PostbackEvent;
  /** Only rows older than this one (created_at, then id): the next page. */
  before?: number;
  limit: number;
}

/** The network's postbacks, newest first. */
export function listNetworkPostbacks(db: Db, siteId: number, network: string, filter: NetworkLogFilter) {
  let rows = db
    .selectFrom("postbacks")
    .select(["id", "member_id", "event", "url", "status", "attempts", "last_status", "last_error", "created_at", "updated_at"])
    .where("site_id", "=", siteId)
    .where("network", "=", network);
  if (filter.status) rows = rows.where("status", "=", filter.status);
  if (filter.event) rows = rows.where("event", "=", filter.event);
  if (filter.before) {
    // A row value: older than the cursor's row by time, or as old with a smaller id.
    rows = rows.where(
      sql<boolean>`(created_at, id) < ((SELECT p.created_at FROM postbacks p WHERE p.id = ${filter.before}), ${filter.before})`,
    );
  }
  return rows.orderBy("created_at", "desc").orderBy("id", "desc").limit(filter.limit).execute();
}

/** How many of the network's postbacks made since `since` are in each status. */
export async function countByStatus(db: Db, siteId: number, network: string, since: number) {
  const rows = await db
    .selectFrom("postbacks")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("site_id", "=", siteId)
    .where("network", "=", network)
    .where("created_at", ">=", since)
    .groupBy("status")
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/** The networks the site's log names (a network removed from the settings keeps its log). */
export async function loggedNetworks(db: Db, siteId: number): Promise<string[]> {
  const rows = await db.selectFrom("postbacks").select("network").distinct().where("site_id", "=", siteId).execute();
  return rows.map((row) => row.network);
}
