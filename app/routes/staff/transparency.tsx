import { data } from "react-router";
import { BarList, ChartFigure, FigureTile, formatDay, TableRegion } from "~/components/staff/FigureCharts";
import { FigureRangeForm } from "~/components/staff/FigureRangeForm";
import { PageHeading } from "~/components/staff/StaffParts";
import { type TransparencyQuery, transparencyReport } from "~/lib/api/transparency.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import figuresCss from "~/staff-figures.css?url";
import { readRange, todayOf } from "../../../contract/rules/host-figures";
import { TRANSPARENCY_RANGE } from "../../../contract/rules/transparency";
import type { MessageKey } from "../../../contract/translator";
import type { Route } from "./+types/transparency";
import { numberFormat } from "~/lib/format";

export function headers() {
  return STAFF_HEADERS;
}

/** The figures pages' styles (tiles, tables, bars). */
export function links() {
  return [{ rel: "stylesheet", href: figuresCss }];
}

/**
 * /staff/transparency (admins; docs/product.md §16.7, ADR 055): the DSA transparency report of a
 * period (the last 365 days by default) and site, chosen with a plain GET form; a range that is
 * not one is refused beside the field and the default shown meanwhile. Downloads as CSV and JSON
 * (transparency-download.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const typed: TransparencyQuery = { from: params.get("from") ?? "", to: params.get("to") ?? "", site: params.get("site") ?? "" };
  const range = readRange(typed.from || undefined, typed.to || undefined, todayOf(Date.now()), TRANSPARENCY_RANGE);
  const result = await transparencyReport(context.get(apiContext), range.ok ? typed : { ...typed, from: "", to: "" });
  if (!result.ok) pageError(result.status);
  return data(
    { report: result.data, typed, error: range.ok ? null : { field: range.field, problem: range.problem } },
    { headers: STAFF_HEADERS },
  );
}

export default function Transparency({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { report, typed, error } = loaderData;
  const number = numberFormat(locale);
  const hours = (value: number | null) =>
    value === null ? t("staffTransparency.none") : t("staffTransparency.hours", { hours: number.format(value) });
  const category = (name: string) => t(`safety.categories.${name}` as MessageKey);
  const ground = (name: string) => t(`moderation.categories.${name}` as MessageKey);
  const action = (name: string) => t(`moderation.actions.${name}` as MessageKey);
  const query = new URLSearchParams({
    from: report.from,
    to: report.to,
    site: report.site_id === null ? "" : String(report.site_id),
  });
  const { notices, decisions, appeals } = report;
  return (
    <>
      <PageHeading heading={t("staffTransparency.heading")} />
      <p className="staff-muted">{t("staffTransparency.lead")}</p>

      <FigureRangeForm
        key={`${typed.from}|${typed.to}|${typed.site}`}
        ns="staffTransparency"
        idPrefix="transparency"
        typed={typed}
        shown={report}
        error={error}
        maxDays={TRANSPARENCY_RANGE.maxDays}
        sites={{ list: report.sites, chosen: report.site_id }}
      />

      <h2>
        {t("staffTransparency.periodHeading", {
          from: formatDay(report.from, locale, true),
          to: formatDay(report.to, locale, true),
        })}
      </h2>
      <p>
        <a href={`/staff/transparency/download?format=csv&${query}`} download>
          {t("staffTransparency.downloadCsv")}
        </a>
        {" · "}
        <a href={`/staff/transparency/download?format=json&${query}`} download>
          {t("staffTransparency.downloadJson")}
        </a>
      </p>

      <section className="figures-section">
        <h2 id="transparency-notices">{t("staffTransparency.noticesHeading")}</h2>
        <dl className="figures-now">
          <FigureTile label={t("staffTransparency.received")} value={number.format(notices.received)} />
          <FigureTile label={t("staffTransparency.reports")} value={number.format(notices.reports)} />
          <FigureTile label={t("staffTransparency.notices")} value={number.format(notices.notices)} />
          <FigureTile label={t("staffTransparency.decided")} value={number.format(notices.decided)} />
          <FigureTile label={t("staffTransparency.medianDecision")} value={hours(notices.median_hours_to_decision)} />
        </dl>
        {notices.by_category.length === 0 ? (
          <p className="staff-panel">{t("staffTransparency.noNotices")}</p>
        ) : (
          <>
            <ChartFigure id="transparency-categories" caption={t("staffTransparency.byCategoryCaption")} legend={[]}>
              <BarList
                title={t("staffTransparency.byCategoryCaption")}
                rows={notices.by_category.map((row) => ({
                  label: `${category(row.category)} · ${t(`staff.types.${row.kind}`)}`,
                  value: row.count,
                }))}
              />
            </ChartFigure>
            <TableRegion labelledBy="transparency-notices">
              <table className="staff-table figures-table">
                <thead>
                  <tr>
                    <th scope="col">{t("staffTransparency.colCategory")}</th>
                    <th scope="col">{t("staffTransparency.colKind")}</th>
                    <th scope="col">{t("staffTransparency.colCount")}</th>
                  </tr>
                </thead>
                <tbody>
                  {notices.by_category.map((row) => (
                    <tr key={`${row.kind}-${row.category}`}>
                      <th scope="row">{category(row.category)}</th>
                      <td>{t(`staff.types.${row.kind}`)}</td>
                      <td>{number.format(row.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </>
        )}
      </section>

      <section className="figures-section">
        <h2 id="transparency-decisions">{t("staffTransparency.decisionsHeading")}</h2>
        <dl className="figures-now">
          <FigureTile label={t("staffTransparency.total")} value={number.format(decisions.total)} />
          <FigureTile label={t("staffTransparency.onNotice")} value={number.format(decisions.on_notice)} />
          <FigureTile label={t("staffTransparency.ownInitiative")} value={number.format(decisions.own_initiative)} />
          <FigureTile label={t("staffTransparency.onAppeal")} value={number.format(decisions.on_appeal)} />
          <FigureTile label={t("staffTransparency.automated")} value={number.format(decisions.automated)} />
          <FigureTile label={t("staffTransparency.suspensions")} value={number.format(decisions.suspensions)} />
          <FigureTile label={t("staffTransparency.lifted")} value={number.format(decisions.lifted)} />
        </dl>
        <p className="staff-help">{t("staffTransparency.automatedNote")}</p>
        {decisions.total === 0 ? (
          <p className="staff-panel">{t("staffTransparency.noDecisions")}</p>
        ) : (
          <TableRegion labelledBy="transparency-decisions">
            <table className="staff-table figures-table">
              <thead>
                <tr>
                  <th scope="col">{t("staffTransparency.colGround")}</th>
                  <th scope="col">{t("staffTransparency.colAction")}</th>
                  <th scope="col">{t("staffTransparency.colCount")}</th>
                </tr>
              </thead>
              <tbody>
                {decisions.by_ground.map((row) => (
                  <tr key={`${row.category}-${row.action}`}>
                    <th scope="row">{ground(row.category)}</th>
                    <td>{action(row.action)}</td>
                    <td>{number.format(row.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>

      <section className="figures-section">
        <h2 id="transparency-appeals">{t("staffTransparency.appealsHeading")}</h2>
        <dl className="figures-now">
          <FigureTile label={t("staffTransparency.appealsReceived")} value={number.format(appeals.received)} />
          <FigureTile label={t("staffTransparency.appealsOpen")} value={number.format(appeals.open)} />
          <FigureTile label={t("staffTransparency.appealsUpheld")} value={number.format(appeals.upheld)} />
          <FigureTile label={t("staffTransparency.appealsReversed")} value={number.format(appeals.reversed)} />
          <FigureTile label={t("staffTransparency.medianAppeal")} value={hours(appeals.median_hours_to_decide)} />
        </dl>
        <p className="staff-help">{t("staffTransparency.notOffered")}</p>
      </section>

      {report.verifications ? (
        // Photo verification (ADR 059): decisions on members' own requests, not on notices.
        <section className="figures-section">
          <h2 id="transparency-verifications">{t("staffVerification.title")}</h2>
          <dl className="figures-now">
            <FigureTile label={t("staffVerification.approvedCount")} value={number.format(report.verifications.approved)} />
            <FigureTile label={t("staffVerification.refusedCount")} value={number.format(report.verifications.refused)} />
          </dl>
        </section>
      ) : null}
    </>
  );
}
