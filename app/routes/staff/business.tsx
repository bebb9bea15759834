import { data } from "react-router";
import { Engagement, Funnel, Money, Sources, SummaryTiles, useSourceName } from "~/components/staff/BusinessSections";
import { formatDay } from "~/components/staff/FigureCharts";
import { FigureRangeForm } from "~/components/staff/FigureRangeForm";
import { PageHeading } from "~/components/staff/StaffParts";
import { type BusinessQuery, businessFigures } from "~/lib/api/business-figures.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import figuresCss from "~/staff-figures.css?url";
import { ALL_SOURCES, BUSINESS_RANGE } from "../../../contract/rules/business-figures";
import { readRange, todayOf } from "../../../contract/rules/host-figures";
import type { Route } from "./+types/business";

export function headers() {
  return STAFF_HEADERS;
}

/** The figures' own styles (shared with the host figures), a file of their own. */
export function links() {
  return [{ rel: "stylesheet", href: figuresCss }];
}

/**
 * /staff/business (admins; docs/product.md §16.6, ADR 051): the funnel, the money and the
 * conversations of the admin's sites per UTC day and traffic source, for a range chosen with a
 * plain GET form (the last 30 days by default). A range that is not one keeps what was typed,
 * says why beside the field and shows the last 30 days meanwhile. Charts are SVG drawn here;
 * every number is in a table too, and each table downloads as CSV (business-csv.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const typed: BusinessQuery = {
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    site: params.get("site") ?? "",
    source: params.get("source") ?? ALL_SOURCES,
  };
  const range = readRange(typed.from || undefined, typed.to || undefined, todayOf(Date.now()), BUSINESS_RANGE);
  const result = await businessFigures(context.get(apiContext), range.ok ? typed : { ...typed, from: "", to: "" });
  if (!result.ok) pageError(result.status);
  return data(
    { figures: result.data, typed, error: range.ok ? null : { field: range.field, problem: range.problem } },
    { headers: STAFF_HEADERS },
  );
}

export default function Business({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const sourceName = useSourceName();
  const { figures, typed, error } = loaderData;
  const query = new URLSearchParams({
    from: figures.from,
    to: figures.to,
    site: figures.site_id === null ? "" : String(figures.site_id),
    source: figures.source ?? ALL_SOURCES,
  });
  const csv = (table: "days" | "money" | "sources") => `/staff/business/csv?table=${table}&${query}`;
  // The chosen source stays in the list even on days it did not appear.
  const sources =
    figures.source === null || figures.sources.includes(figures.source) ? figures.sources : [figures.source, ...figures.sources];
  return (
    <>
      <PageHeading heading={t("staffBusiness.heading")} />
      <p className="staff-muted">{t("staffBusiness.lead")}</p>

      <FigureRangeForm
        key={`${typed.from}|${typed.to}|${typed.site}|${typed.source}`}
        ns="staffBusiness"
        idPrefix="business"
        typed={typed}
        shown={figures}
        error={error}
        maxDays={BUSINESS_RANGE.maxDays}
        sites={{ list: figures.sites, chosen: figures.site_id }}
      >
        <label>
          {t("staffBusiness.source")}
          <select name="source" defaultValue={figures.source ?? ALL_SOURCES}>
            <option value={ALL_SOURCES}>{t("staffBusiness.allSources")}</option>
            {sources.map((source) => (
              <option key={source} value={source}>
                {sourceName(source)}
              </option>
            ))}
          </select>
        </label>
      </FigureRangeForm>

      <section className="figures-section" aria-labelledby="business-summary">
        <h2 id="business-summary">
          {t("staffBusiness.summaryHeading", {
            from: formatDay(figures.from, locale, true),
            to: formatDay(figures.to, locale, true),
          })}
        </h2>
        <SummaryTiles figures={figures} />
      </section>
      <Funnel figures={figures} csv={csv("days")} />
      <Money figures={figures} csv={csv("money")} />
      <Sources figures={figures} csv={csv("sources")} />
      <Engagement figures={figures} />
    </>
  );
}
