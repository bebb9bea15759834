/** The postback log (designed, docs/decisions/025): GET /api/postbacks.php. */
import type { ApiClient } from "./client.server";
import { PostbackLogAnswerSchema } from "../../../contract/schemas";

export interface PostbackLogFilter {
  status?: string;
  before?: number;
}

/** This site's postbacks, newest first; 404 unless the API runs with DEV_TOOLS on a loopback host (or gets the operator's token). */
export function postbackLog(api: ApiClient, filter: PostbackLogFilter = {}) {
  const query: Record<string, string> = { limit: String(POSTBACK_PAGE) };
  if (filter.status) query.status = filter.status;
  if (filter.before) query.before = String(filter.before);
  return api.call(PostbackLogAnswerSchema, "/api/postbacks.php", { query });
}

/** Rows on one page of the log. */
export const POSTBACK_PAGE = 50;
