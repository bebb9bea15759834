import { redirect } from "react-router";
import { businessFiguresCsv } from "~/lib/api/business-figures.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import { ALL_SOURCES, BUSINESS_TABLES, type BusinessTable } from "../../../contract/rules/business-figures";
import type { Route } from "./+types/business-csv";

/**
 * GET /staff/business/csv?table=days|money|sources&from=&to=&site=&source= (admins): one table
 * of the business figures as the API writes it (CSV, UTF-8, cells that would start a formula
 * written as text; ADR 051), passed on as a download. A range the API refuses goes back to the
 * page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const query = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    site: params.get("site") ?? "",
    source: params.get("source") ?? ALL_SOURCES,
  };
  const asked = params.get("table");
  const table: BusinessTable = BUSINESS_TABLES.find((name) => name === asked) ?? "days";
  const response = await businessFiguresCsv(context.get(apiContext), query, table);
  if (response.status === 422) throw redirect(`/staff/business?${new URLSearchParams(query)}`, { headers: STAFF_HEADERS });
  if (!response.ok) pageError(response.status);
  return new Response(response.body, {
    headers: {
      ...STAFF_HEADERS,
      "Content-Type": response.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": response.headers.get("content-disposition") ?? 'attachment; filename="business.csv"',
    },
  });
}
