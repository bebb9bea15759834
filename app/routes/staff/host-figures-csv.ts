import { redirect } from "react-router";
import { hostFiguresCsv } from "~/lib/api/host-figures.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/host-figures-csv";

/**
 * GET /staff/host-figures/csv?table=days|hosts&from=&to= (admins): one table of the host figures
 * as the API writes it (CSV, UTF-8, cells that would start a formula written as text; ADR 045
 * "Figures"), passed on as a download. A range the API refuses goes back to the page, which says why.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const range = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const response = await hostFiguresCsv(context.get(apiContext), range, params.get("table") === "hosts" ? "hosts" : "days");
  if (response.status === 422) throw redirect(`/staff/host-figures?${new URLSearchParams(range)}`, { headers: STAFF_HEADERS });
  if (!response.ok) pageError(response.status);
  return new Response(response.body, {
    headers: {
      ...STAFF_HEADERS,
      "Content-Type": response.headers.get("content-type") ?? "text/csv; charset=utf-8",
      "Content-Disposition": response.headers.get("content-disposition") ?? 'attachment; filename="host-figures.csv"',
    },
  });
}
