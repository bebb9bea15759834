import { data } from "react-router";
import {
  BarList,
  ChartFigure,
  formatDay,
  formatWait,
  RepliesChart,
  TableRegion,
  WaitChart,
} from "~/components/staff/FigureCharts";
import { FigureRangeForm } from "~/components/staff/FigureRangeForm";
import { PageHeading } from "~/components/staff/StaffParts";
import { hostFigures } from "~/lib/api/host-figures.server";
import { apiContext } from "~/lib/context";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import figuresCss from "~/staff-figures.css?url";
import type { HostFiguresAnswer } from "../../../contract/host-figures";
import { HOST_FIGURES_MAX_DAYS, readRange, todayOf } from "../../../contract/rules/host-figures";
import type { Route } from "./+types/host-figures";
import { numberFormat } from "~/lib/format";

export function headers() {
  return STAFF_HEADERS;
}

/** The figures' own styles, a file of their own (inlined they would weigh on the page's script). */
export function links() {
  return [{ rel: "stylesheet", href: figuresCss }];
}

/**
 * /staff/host-figures (admins; docs/product.md §15.6, ADR 045 "Figures"): how fast the hosts
 * answer on the admin's scope, for a range of UTC days chosen with a plain GET form (the last 7
 * days by default). A range that is not one keeps what was typed, says why beside the field and
 * shows the last 7 days meanwhile. Charts are SVG drawn here; every number is also in a table,
 * and the tables download as CSV (host-figures-csv.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") pageError(403);
  const params = new URL(request.url).searchParams;
  const typed = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const range = readRange(typed.from || undefined, typed.to || undefined, todayOf(Date.now()));
  const result = await hostFigures(context.get(apiContext), range.ok ? typed : {});
  if (!result.ok) pageError(result.status);
  return data(
    { figures: result.data, typed, error: range.ok ? null : { field: range.field, problem: range.problem } },
    { headers: STAFF_HEADERS },
  );
}

const dash = "–";

/** Replies per host over the range, most first: the bars' rows. */
function perHost(hosts: HostFiguresAnswer["hosts"]) {
  const totals = new Map<number, { name: string; replies: number; hours: number }>();
  for (const row of hosts) {
    const total = totals.get(row.staff_id) ?? { name: row.name, replies: 0, hours: 0 };
    total.replies += row.replies;
    total.hours += row.active_hours;
    totals.set(row.staff_id, total);
  }
  return [...totals.values()].sort((a, b) => b.replies - a.replies);
}

/** Replies per site and language over the range, most first. */
function perGroup(groups: HostFiguresAnswer["groups"], languageName: (code: string) => string) {
  const totals = new Map<string, { label: string; value: number }>();
  for (const row of groups) {
    const key = `${row.site_id}|${row.language}`;
    const total = totals.get(key) ?? { label: `${row.site_name} · ${languageName(row.language)}`, value: 0 };
    total.value += row.replies;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => b.value - a.value);
}

export default function HostFigures({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const names = useDisplayNames();
  const { figures, typed, error } = loaderData;
  const wait = (ms: number | null) => (ms === null ? dash : formatWait(ms, locale));
  const day = (text: string) => formatDay(text, locale);
  const number = numberFormat(locale);
  const rate = numberFormat(locale, { maximumFractionDigits: 1 });
  const languageName = (code: string) => names.language(code) ?? code;
  const targets = [...new Set(figures.groups.map((g) => g.target_minutes))];
  const target = targets.length === 1 ? (targets[0] ?? 0) * 60_000 : null;
  const hosts = perHost(figures.hosts);
  const groups = perGroup(figures.groups, languageName);
  const replies = figures.days.reduce((sum, d) => sum + d.replies, 0);
  const csv = (table: "days" | "hosts") => `/staff/host-figures/csv?table=${table}&from=${figures.from}&to=${figures.to}`;
  return (
    <>
      <PageHeading heading={t("hostFigures.heading")} />
      <p className="staff-muted">{t("hostFigures.lead")}</p>

      <FigureRangeForm
        key={`${typed.from}|${typed.to}`}
        ns="hostFigures"
        idPrefix="figures"
        typed={typed}
        shown={figures}
        error={error}
        maxDays={HOST_FIGURES_MAX_DAYS}
      />

      <section className="figures-section">
        <h2 id="figures-now">{t("hostFigures.nowHeading")}</h2>
        <dl className="figures-now">
          <div className="staff-panel">
            <dt>{t("hostFigures.waiting")}</dt>
            <dd>{number.format(figures.waiting)}</dd>
          </div>
          <div className="staff-panel">
            <dt>{t("hostFigures.oldest")}</dt>
            <dd>
              {figures.oldest_since === null
                ? t("hostFigures.nobodyWaits")
                : formatWait(figures.now - figures.oldest_since, locale)}
            </dd>
          </div>
        </dl>
      </section>

      <section className="figures-section">
        <h2 id="figures-days">
          {t("hostFigures.daysHeading", { from: formatDay(figures.from, locale, true), to: formatDay(figures.to, locale, true) })}
        </h2>
        <div className="figures-charts">
          <ChartFigure
            id="figures-wait-caption"
            caption={t("hostFigures.waitCaption")}
            legend={[
              { label: t("hostFigures.median"), className: "figure-key-median" },
              { label: t("hostFigures.p95"), className: "figure-key-p95" },
              ...(target !== null
                ? [{ label: t("hostFigures.target", { wait: wait(target) }), className: "figure-key-target" }]
                : []),
            ]}
          >
            <WaitChart days={figures.days} target={target} title={t("hostFigures.waitCaption")} />
          </ChartFigure>
          <ChartFigure
            id="figures-replies-caption"
            caption={t("hostFigures.repliesCaption")}
            legend={[
              { label: t("hostFigures.withinTarget"), className: "figure-key-within" },
              { label: t("hostFigures.overTarget"), className: "figure-key-over" },
            ]}
          >
            <RepliesChart days={figures.days} title={t("hostFigures.repliesCaption")} />
          </ChartFigure>
        </div>
        <TableRegion labelledBy="figures-days">
          <table className="staff-table figures-table">
            <thead>
              <tr>
                <th scope="col">{t("hostFigures.colDay")}</th>
                <th scope="col">{t("hostFigures.colReplies")}</th>
                <th scope="col">{t("hostFigures.colMedian")}</th>
                <th scope="col">{t("hostFigures.colP95")}</th>
                <th scope="col">{t("hostFigures.colOver")}</th>
              </tr>
            </thead>
            <tbody>
              {figures.days.map((row) => (
                <tr key={row.day}>
                  <th scope="row">{day(row.day)}</th>
                  <td>{number.format(row.replies)}</td>
                  <td>{wait(row.median_ms)}</td>
                  <td>{wait(row.p95_ms)}</td>
                  <td>{number.format(row.over_target)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>

      <section className="figures-section">
        <h2 id="figures-groups">{t("hostFigures.groupsHeading")}</h2>
        {replies === 0 ? (
          <p className="staff-panel">{t("hostFigures.noReplies")}</p>
        ) : (
          <>
            <ChartFigure id="figures-groups-caption" caption={t("hostFigures.groupsCaption")} legend={[]}>
              <BarList rows={groups} title={t("hostFigures.groupsCaption")} />
            </ChartFigure>
            <TableRegion labelledBy="figures-groups">
              <table className="staff-table figures-table">
                <thead>
                  <tr>
                    <th scope="col">{t("hostFigures.colDay")}</th>
                    <th scope="col">{t("hostFigures.colSite")}</th>
                    <th scope="col">{t("hostFigures.colLanguage")}</th>
                    <th scope="col">{t("hostFigures.colReplies")}</th>
                    <th scope="col">{t("hostFigures.colMedian")}</th>
                    <th scope="col">{t("hostFigures.colP95")}</th>
                    <th scope="col">{t("hostFigures.colOver")}</th>
                    <th scope="col">{t("hostFigures.colTarget")}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.groups.map((row) => (
                    <tr key={`${row.day}-${row.site_id}-${row.language}`}>
                      <th scope="row">{day(row.day)}</th>
                      <td>{row.site_name}</td>
                      <td>{languageName(row.language)}</td>
                      <td>{number.format(row.replies)}</td>
                      <td>{wait(row.median_ms)}</td>
                      <td>{wait(row.p95_ms)}</td>
                      <td>{number.format(row.over_target)}</td>
                      <td>{wait(row.target_minutes * 60_000)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </>
        )}
        <p>
          <a href={csv("days")} download>
            {t("hostFigures.downloadGroups")}
          </a>
        </p>
      </section>

      <section className="figures-section">
        <h2 id="figures-hosts">{t("hostFigures.hostsHeading")}</h2>
        <p className="staff-muted">{t("hostFigures.hostsLead")}</p>
        {hosts.length === 0 ? (
          <p className="staff-panel">{t("hostFigures.noReplies")}</p>
        ) : (
          <>
            <ChartFigure id="figures-hosts-caption" caption={t("hostFigures.hostsCaption")} legend={[]}>
              <BarList
                rows={hosts.map((host) => ({
                  label: host.name,
                  value: host.replies,
                  note: t("hostFigures.perHour", { rate: rate.format(host.hours ? host.replies / host.hours : 0) }),
                }))}
                title={t("hostFigures.hostsCaption")}
              />
            </ChartFigure>
            <TableRegion labelledBy="figures-hosts">
              <table className="staff-table figures-table">
                <thead>
                  <tr>
                    <th scope="col">{t("hostFigures.colDay")}</th>
                    <th scope="col">{t("hostFigures.colHost")}</th>
                    <th scope="col">{t("hostFigures.colReplies")}</th>
                    <th scope="col">{t("hostFigures.colHours")}</th>
                    <th scope="col">{t("hostFigures.colRate")}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.hosts.map((row) => (
                    <tr key={`${row.day}-${row.staff_id}`}>
                      <th scope="row">{day(row.day)}</th>
                      <td>{row.name}</td>
                      <td>{number.format(row.replies)}</td>
                      <td>{number.format(row.active_hours)}</td>
                      <td>{row.active_hours ? rate.format(row.replies / row.active_hours) : dash}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </>
        )}
        <p>
          <a href={csv("hosts")} download>
            {t("hostFigures.downloadHosts")}
          </a>
        </p>
      </section>
    </>
  );
}
