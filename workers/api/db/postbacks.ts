/** Postback queries (docs/decisions/025-conversion-postbacks.md; the rules are domain/postbacks.ts). */
import type { Selectable } from "kysely";
import type { Db } from "./client";
import type { PostbacksTable } from "./schema";

type Postback = Selectable<PostbacksTable>;

export interface PostbackLogFilter {
  status?: Postback["status"];
  event?: Postback["event"];
  /** Only rows older than this id (the next page: the last id of this one). */
  before?: number;
  limit: number;
}

/** The site's postback log for its operator, newest first. */
export function listPostbacks(db: Db, siteId: number, filter: PostbackLogFilter) {
  let rows = db
    .selectFrom("postbacks")
    .select([
      "id",
      "member_id",
      "event",
      "network",
      "url",
      "status",
      "attempts",
      "last_status",
      "last_error",
      "created_at",
      "updated_at",
    ])
    .where("site_id", "=", siteId);
  if (filter.status) rows = rows.where("status", "=", filter.status);
  if (filter.event) rows = rows.where("event", "=", filter.event);
  if (filter.before) rows = rows.where("id", "<", filter.before);
  return rows.orderBy("id", "desc").limit(filter.limit).execute();
}
