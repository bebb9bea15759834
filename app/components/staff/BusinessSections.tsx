/**
 * The sections of the business figures page (app/routes/staff/business.tsx; docs/product.md
 * §16.6): the summary tiles, the funnel, the money per currency, the traffic sources and the
 * conversations. Each chart is an SVG drawn on the server with its numbers in a table beside it.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { BusinessFiguresAnswer, MoneyRow } from "../../../contract/business-figures";
import { BarList, ChartFigure, DayBars, FigureTile, formatDay, formatWait, TableRegion } from "./FigureCharts";
import { numberFormat } from "~/lib/format";

type Figures = BusinessFiguresAnswer;

/** The words for a source: "" is no network, "(other)" the networks past the day's limit (ADR 051). */
export function useSourceName() {
  const { t } = useTranslation();
  return (source: string) =>
    source === "" ? t("staffBusiness.noNetwork") : source === "(other)" ? t("staffBusiness.otherSources") : source;
}

function useFormats() {
  const { locale } = useTranslation();
  const number = numberFormat(locale);
  const percent = numberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const money = (cents: number, currency: string) => numberFormat(locale, { style: "currency", currency }).format(cents / 100);
  const rate = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : "–");
  const day = (text: string) => formatDay(text, locale);
  return { locale, number, money, rate, day };
}

const visitsOf = (row: { visits_welcome: number; visits_lander: number }) => row.visits_welcome + row.visits_lander;
const paidBack = (m: MoneyRow) => m.refunds + m.withdrawals + m.chargebacks;

/** A per-day table: open when it is a month or less, else behind its summary (a year is 366 rows). */
function PerDay({ days, children }: { days: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details className="business-days" open={days <= 31}>
      <summary>{t("staffBusiness.perDay", { days })}</summary>
      {children}
    </details>
  );
}

export function SummaryTiles({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { number, money, rate } = useFormats();
  const totals = figures.totals;
  const visits = visitsOf(totals);
  const [main, ...others] = totals.money;
  return (
    <dl className="figures-now business-tiles">
      <FigureTile label={t("staffBusiness.tileVisits")} value={number.format(visits)} />
      <FigureTile
        label={t("staffBusiness.tileSignups")}
        value={number.format(totals.signups)}
        note={visits > 0 ? t("staffBusiness.ofVisits", { rate: rate(totals.signups, visits) }) : null}
      />
      <FigureTile
        label={t("staffBusiness.tileConfirmed")}
        value={number.format(totals.confirmed)}
        note={totals.signups > 0 ? t("staffBusiness.ofSignups", { rate: rate(totals.confirmed, totals.signups) }) : null}
      />
      <FigureTile
        label={t("staffBusiness.tileFirst")}
        value={number.format(totals.first_purchases)}
        note={totals.signups > 0 ? t("staffBusiness.ofSignups", { rate: rate(totals.first_purchases, totals.signups) }) : null}
      />
      <FigureTile label={t("staffBusiness.tilePaying")} value={number.format(totals.paying_members)} />
      <FigureTile
        label={t("staffBusiness.tileNet")}
        value={main ? money(main.net, main.currency) : "–"}
        note={
          main
            ? [
                main.paying_members > 0
                  ? t("staffBusiness.perPaying", { amount: money(main.revenue / main.paying_members, main.currency) })
                  : null,
                ...others.map((m) => money(m.net, m.currency)),
              ]
                .filter(Boolean)
                .join(" · ")
            : t("staffBusiness.noMoney")
        }
      />
    </dl>
  );
}

export function Funnel({ figures, csv }: { figures: Figures; csv: string }) {
  const { t } = useTranslation();
  const { number, day } = useFormats();
  const totals = figures.totals;
  return (
    <section className="figures-section">
      <h2 id="business-funnel">{t("staffBusiness.funnelHeading")}</h2>
      <div className="figures-charts">
        <ChartFigure id="business-funnel-caption" caption={t("staffBusiness.funnelCaption")} legend={[]}>
          <BarList
            title={t("staffBusiness.funnelCaption")}
            rows={[
              { label: t("staffBusiness.stepVisits"), value: visitsOf(totals) },
              { label: t("staffBusiness.stepSignups"), value: totals.signups },
              { label: t("staffBusiness.stepConfirmed"), value: totals.confirmed },
              { label: t("staffBusiness.stepBuyers7d"), value: totals.buyers_7d },
            ]}
          />
        </ChartFigure>
        <ChartFigure
          id="business-signups-caption"
          caption={t("staffBusiness.signupsCaption")}
          legend={[
            { label: t("staffBusiness.withoutPurchase"), className: "figure-key-within" },
            { label: t("staffBusiness.boughtSameDay"), className: "figure-key-over" },
          ]}
        >
          <DayBars
            title={t("staffBusiness.signupsCaption")}
            days={figures.days.map((d) => ({ day: d.day, value: d.signups, part: d.buyers_same_day }))}
          />
        </ChartFigure>
      </div>
      <PerDay days={figures.days.length}>
        <TableRegion labelledBy="business-funnel">
          <table className="staff-table figures-table">
            <thead>
              <tr>
                <th scope="col">{t("staffBusiness.colDay")}</th>
                <th scope="col">{t("staffBusiness.colWelcome")}</th>
                <th scope="col">{t("staffBusiness.colLanders")}</th>
                <th scope="col">{t("staffBusiness.colSignups")}</th>
                <th scope="col">{t("staffBusiness.colConfirmed")}</th>
                <th scope="col">{t("staffBusiness.colFirst")}</th>
                <th scope="col">{t("staffBusiness.colRepeat")}</th>
                <th scope="col">{t("staffBusiness.colSameDay")}</th>
                <th scope="col">{t("staffBusiness.col7d")}</th>
                <th scope="col">{t("staffBusiness.colPaying")}</th>
              </tr>
            </thead>
            <tbody>
              {[...figures.days].reverse().map((row) => (
                <tr key={row.day}>
                  <th scope="row">{day(row.day)}</th>
                  <td>{number.format(row.visits_welcome)}</td>
                  <td>{number.format(row.visits_lander)}</td>
                  <td>{number.format(row.signups)}</td>
                  <td>{number.format(row.confirmed)}</td>
                  <td>{number.format(row.first_purchases)}</td>
                  <td>{number.format(row.repeat_purchases)}</td>
                  <td>{number.format(row.buyers_same_day)}</td>
                  <td>{number.format(row.buyers_7d)}</td>
                  <td>{number.format(row.paying_members)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </PerDay>
      <p className="staff-help">{t("staffBusiness.cohortNote")}</p>
      <p>
        <a href={csv} download>
          {t("staffBusiness.downloadDays")}
        </a>
      </p>
    </section>
  );
}

function MoneyCells({ row }: { row: MoneyRow }) {
  const { number, money } = useFormats();
  return (
    <>
      <td>{money(row.revenue, row.currency)}</td>
      <td>{money(row.refunds, row.currency)}</td>
      <td>{money(row.withdrawals, row.currency)}</td>
      <td>{money(row.chargebacks, row.currency)}</td>
      <td>
        <strong>{money(row.net, row.currency)}</strong>
      </td>
      <td>{number.format(row.paying_members)}</td>
    </>
  );
}

export function Money({ figures, csv }: { figures: Figures; csv: string }) {
  const { t } = useTranslation();
  const { money, day } = useFormats();
  const currencies = figures.totals.money;
  return (
    <section className="figures-section">
      <h2 id="business-money">{t("staffBusiness.moneyHeading")}</h2>
      {currencies.length === 0 ? (
        <p className="staff-panel">{t("staffBusiness.noPayments")}</p>
      ) : (
        <>
          <div className="figures-charts">
            {currencies.map((total) => (
              <ChartFigure
                key={total.currency}
                id={`business-money-${total.currency}`}
                caption={t("staffBusiness.moneyCaption", { currency: total.currency })}
                legend={[
                  { label: t("staffBusiness.kept"), className: "figure-key-within" },
                  { label: t("staffBusiness.paidBack"), className: "figure-key-over" },
                ]}
              >
                <DayBars
                  title={t("staffBusiness.moneyCaption", { currency: total.currency })}
                  format={(cents) => money(cents, total.currency)}
                  days={figures.days.map((d) => {
                    const m = d.money.find((row) => row.currency === total.currency);
                    return { day: d.day, value: m?.revenue ?? 0, part: m ? paidBack(m) : 0 };
                  })}
                />
              </ChartFigure>
            ))}
          </div>
          <TableRegion labelledBy="business-money">
            <table className="staff-table figures-table">
              <thead>
                <tr>
                  <th scope="col">{t("staffBusiness.colDay")}</th>
                  <th scope="col">{t("staffBusiness.colCurrency")}</th>
                  <th scope="col">{t("staffBusiness.colRevenue")}</th>
                  <th scope="col">{t("staffBusiness.colRefunds")}</th>
                  <th scope="col">{t("staffBusiness.colWithdrawals")}</th>
                  <th scope="col">{t("staffBusiness.colChargebacks")}</th>
                  <th scope="col">{t("staffBusiness.colNet")}</th>
                  <th scope="col">{t("staffBusiness.colPaying")}</th>
                </tr>
              </thead>
              <tbody>
                {currencies.map((row) => (
                  <tr key={`total-${row.currency}`} className="business-total">
                    <th scope="row">{t("staffBusiness.total")}</th>
                    <td>{row.currency}</td>
                    <MoneyCells row={row} />
                  </tr>
                ))}
                {[...figures.days].reverse().flatMap((d) =>
                  d.money.map((row) => (
                    <tr key={`${d.day}-${row.currency}`}>
                      <th scope="row">{day(d.day)}</th>
                      <td>{row.currency}</td>
                      <MoneyCells row={row} />
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
      <p>
        <a href={csv} download>
          {t("staffBusiness.downloadMoney")}
        </a>
      </p>
    </section>
  );
}

export function Sources({ figures, csv }: { figures: Figures; csv: string }) {
  const { t } = useTranslation();
  const { number, money, rate } = useFormats();
  const sourceName = useSourceName();
  const rows = figures.by_source;
  return (
    <section className="figures-section">
      <h2 id="business-sources">{t("staffBusiness.sourcesHeading")}</h2>
      {rows.length === 0 ? (
        <p className="staff-panel">{t("staffBusiness.noSources")}</p>
      ) : (
        <>
          <ChartFigure id="business-sources-caption" caption={t("staffBusiness.sourcesCaption")} legend={[]}>
            <BarList
              title={t("staffBusiness.sourcesCaption")}
              rows={rows.slice(0, 10).map((row) => ({ label: sourceName(row.source), value: row.signups }))}
            />
          </ChartFigure>
          <TableRegion labelledBy="business-sources">
            <table className="staff-table figures-table">
              <thead>
                <tr>
                  <th scope="col">{t("staffBusiness.colSource")}</th>
                  <th scope="col">{t("staffBusiness.colVisits")}</th>
                  <th scope="col">{t("staffBusiness.colSignups")}</th>
                  <th scope="col">{t("staffBusiness.colSignupRate")}</th>
                  <th scope="col">{t("staffBusiness.colFirst")}</th>
                  <th scope="col">{t("staffBusiness.colPaying")}</th>
                  <th scope="col">{t("staffBusiness.colNet")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.source}>
                    <th scope="row">{sourceName(row.source)}</th>
                    <td>{number.format(visitsOf(row))}</td>
                    <td>{number.format(row.signups)}</td>
                    <td>{rate(row.signups, visitsOf(row))}</td>
                    <td>{number.format(row.first_purchases)}</td>
                    <td>{number.format(row.paying_members)}</td>
                    <td>{row.money.length ? row.money.map((m) => money(m.net, m.currency)).join(" · ") : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
      <p>
        <a href={csv} download>
          {t("staffBusiness.downloadSources")}
        </a>
      </p>
    </section>
  );
}

export function Engagement({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { locale, number } = useFormats();
  const totals = figures.totals;
  const wait = totals.host_replies > 0 ? formatWait(totals.host_reply_wait_ms / totals.host_replies, locale) : "–";
  return (
    <section className="figures-section">
      <h2 id="business-engagement">{t("staffBusiness.engagementHeading")}</h2>
      <dl className="figures-now business-tiles">
        <FigureTile label={t("staffBusiness.colMessages")} value={number.format(totals.messages)} />
        <FigureTile label={t("staffBusiness.colConversations")} value={number.format(totals.conversations)} />
        <FigureTile label={t("staffBusiness.colHostReplies")} value={number.format(totals.host_replies)} />
        <FigureTile label={t("staffBusiness.colAvgWait")} value={wait} />
      </dl>
      <ChartFigure id="business-messages-caption" caption={t("staffBusiness.messagesCaption")} legend={[]}>
        <DayBars title={t("staffBusiness.messagesCaption")} days={figures.days.map((d) => ({ day: d.day, value: d.messages }))} />
      </ChartFigure>
      <p className="staff-help">
        {t("staffBusiness.hostNote")} <Link to="/staff/host-figures">{t("staffBusiness.hostFiguresLink")}</Link>
      </p>
    </section>
  );
}
