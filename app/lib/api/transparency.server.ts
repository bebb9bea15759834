/** The transparency report (docs/api.md "Transparency report", ADR 055): the counts, and the same as a download. */
import { TransparencyAnswerSchema } from "../../../contract/transparency";
import type { ApiClient } from "./client.server";

export interface TransparencyQuery {
  from: string;
  to: string;
  site: string;
}

function queryOf(query: TransparencyQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ""));
}

export function transparencyReport(api: ApiClient, query: TransparencyQuery) {
  return api.call(TransparencyAnswerSchema, "/api/staff/transparency.php", { query: queryOf(query) });
}

/** The report as the API's CSV (format "csv") or JSON answer, for the download route to pass on. */
export function transparencyDownload(api: ApiClient, query: TransparencyQuery, format: "csv" | "json") {
  return api.download("/api/staff/transparency.php", { ...queryOf(query), format });
}
