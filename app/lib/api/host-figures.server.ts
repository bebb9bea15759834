/** The admin's host figures (docs/api.md "Chat hosts", ADR 045 "Figures"): the figures, and a table of them as CSV. */
import { HostFiguresAnswerSchema, type HostFiguresTable } from "../../../contract/host-figures";
import type { ApiClient } from "./client.server";

/** The figures of a range (UTC days, YYYY-MM-DD; none: the last 7 days). */
export function hostFigures(api: ApiClient, range: { from?: string; to?: string } = {}) {
  const query: Record<string, string> = {};
  if (range.from) query.from = range.from;
  if (range.to) query.to = range.to;
  return api.call(HostFiguresAnswerSchema, "/api/staff/host_figures.php", { query });
}

/** One table of the figures as the API's CSV download. */
export function hostFiguresCsv(api: ApiClient, range: { from: string; to: string }, table: HostFiguresTable) {
  return api.download("/api/staff/host_figures.php", { ...range, format: "csv", table });
}
