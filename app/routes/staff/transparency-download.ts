import { redirect } from "react-router";
import { transparencyDownload } from "~/lib/api/transparency.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/transparency-download";

/**
 * GET /staff/transparency/download?format=csv|json&from=&to=&site= (admins): the transparency
 * report as the API writes it, passed on as a file (ADR 055). A range the API refuses goes back
 * to the page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const query = { from: params.get("from") ?? "", to: params.get("to") ?? "", site: params.get("site") ?? "" };
  const format = params.get("format") === "json" ? "json" : "csv";
  const response = await transparencyDownload(context.get(apiContext), query, format);
  if (response.status === 422) throw redirect(`/staff/transparency?${new URLSearchParams(query)}`, { headers: STAFF_HEADERS });
  if (!response.ok) pageError(response.status);
  const file = `transparency-${query.from || "report"}-${query.to || "today"}.${format}`;
  return new Response(response.body, {
    headers: {
      ...STAFF_HEADERS,
      "Content-Type": response.headers.get("content-type") ?? "application/json; charset=utf-8",
      "Content-Disposition": response.headers.get("content-disposition") ?? `attachment; filename="${file}"`,
    },
  });
}
