/**
 * The business figures (docs/api.md "Business figures", ADR 051): the admin's dashboard and its
 * CSV tables, and the visit a welcome page or lander counts as it is shown.
 */
import { z } from "zod";
import { BusinessFiguresAnswerSchema, type BusinessTable, type VisitPage } from "../../../contract/business-figures";
import { apiContext, requestContext, trackingContext } from "../context";
import type { RouterContextProvider } from "react-router";
import type { ApiClient } from "./client.server";

/** What the dashboard asks for: the query as the page received it (empty: the API's default). */
export interface BusinessQuery {
  from: string;
  to: string;
  site: string;
  source: string;
}

function queryOf(query: BusinessQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.from) out.from = query.from;
  if (query.to) out.to = query.to;
  if (query.site) out.site = query.site;
  out.source = query.source;
  return out;
}

export function businessFigures(api: ApiClient, query: BusinessQuery) {
  return api.call(BusinessFiguresAnswerSchema, "/api/staff/business_figures.php", { query: queryOf(query) });
}

export function businessFiguresCsv(api: ApiClient, query: BusinessQuery, table: BusinessTable) {
  return api.download("/api/staff/business_figures.php", { ...queryOf(query), format: "csv", table });
}

/** Crawlers, link previews, audits and scripts: not visitors. */
const NOT_A_VISITOR = /bot|crawl|spider|slurp|preview|facebookexternalhit|lighthouse|headless|curl|wget|python|go-http|okhttp/i;

/**
 * Counts a visit of the welcome page or a lander after the page is answered (the count never
 * delays or fails it). A page view by a browser; the network is the visitor's tracking (the
 * landing URL's, or the cookie kept with consent). Another API than ours may not know visit.php:
 * its 404 is ignored too.
 */
export function countVisit(request: Request, context: Readonly<RouterContextProvider>, page: VisitPage): void {
  if (request.method !== "GET" || NOT_A_VISITOR.test(request.headers.get("user-agent") ?? "bot")) return;
  const network = context.get(trackingContext).tracking.network;
  const counted = context
    .get(apiContext)
    .call(z.unknown(), "/api/visit.php", { method: "POST", body: network ? { page, network } : { page } })
    .catch(() => undefined);
  context.get(requestContext).ctx.waitUntil(counted);
}
