/**
 * The figures' charts (host figures, docs/product.md §15.6; business figures, §16.6): small SVGs drawn on the server, no chart
 * library and no script. Each sits in a <figure> with a caption (the SVG is one image titled
 * like it); the numbers themselves are in the table beside it, which is what a screen reader
 * reads. The words (caption, legend) come from the page, translated; the SVG holds
 * only tick values and dates, formatted with Intl.
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { dateTimeFormat, numberFormat } from "~/lib/format";

// A narrow drawing: on a phone it is shown near its own size, so its 13 px labels stay readable.
const WIDTH = 360;
const LEFT = 58;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 26;

/** A wait as people read it: seconds under a minute, minutes under an hour, then hours. */
export function formatWait(ms: number, locale: string): string {
  const seconds = ms / 1000;
  const [value, unit, digits] =
    seconds < 60 ? [seconds, "second", 0] : seconds < 3600 ? [seconds / 60, "minute", 1] : [seconds / 3600, "hour", 1];
  return numberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: digits }).format(value);
}

/** A UTC day (YYYY-MM-DD) as "10 Jan". */
export function formatDay(day: string, locale: string, withYear = false): string {
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: withYear ? "numeric" : undefined,
    timeZone: "UTC",
  }).format(Date.parse(`${day}T00:00:00Z`));
}

const MINUTE = 60_000;
/** Tops of a wait axis: its half is a round wait too. */
const WAIT_TOPS = [1, 2, 4, 6, 10, 20, 30, 60, 120, 240, 480, 1440, 2880].map((minutes) => minutes * MINUTE);

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above a value: the top of an axis. */
function niceTop(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** A table that may scroll sideways on a phone: a region reachable by keyboard, named by its section's heading. */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (arrow keys scroll it).
    <section className="staff-scroll" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

/** A number with its label (and a note below), in a `dl` of tiles (the figures pages' summaries). */
export function FigureTile({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <div className="staff-panel">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {note ? <dd className="figure-tile-note">{note}</dd> : null}
    </div>
  );
}

export interface LegendItem {
  label: string;
  className: string;
}

/** A chart with its caption and legend. */
export function ChartFigure({
  id,
  caption,
  legend,
  children,
}: {
  id: string;
  caption: string;
  legend: LegendItem[];
  children: ReactNode;
}) {
  return (
    <figure className="figure-chart">
      <figcaption id={id}>{caption}</figcaption>
      {children}
      <ul className="figure-legend">
        {legend.map((item) => (
          <li key={item.label}>
            <span className={`figure-key ${item.className}`} aria-hidden="true" />
            {item.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The y axis: three ticks (0, half, top) with their labels and grid lines. */
function YAxis({ top, height, label }: { top: number; height: number; label: (value: number) => string }) {
  return (
    <g className="figure-axis">
      {[0, top / 2, top].map((value) => {
        const y = TOP + height - (value / top) * height;
        return (
          <g key={value}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} />
            <text x={LEFT - 6} y={y + 4} textAnchor="end">
              {label(value)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The x axis: the first, middle and last day. */
function XAxis({ days, x, height }: { days: string[]; x: (i: number) => number; height: number }) {
  const { locale } = useTranslation();
  const shown = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])];
  return (
    <g className="figure-axis">
      {shown.map((i) => (
        <text
          key={i}
          x={x(i)}
          y={TOP + height + 18}
          textAnchor={days.length === 1 ? "middle" : i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
        >
          {formatDay(days[i] ?? "", locale)}
        </text>
      ))}
    </g>
  );
}

/** Median and 95th percentile per day as two lines (a day without replies is a gap), and the target when one applies. */
export function WaitChart({
  days,
  target,
  title,
}: {
  days: { day: string; median_ms: number | null; p95_ms: number | null }[];
  target: number | null;
  title: string;
}) {
  const { locale } = useTranslation();
  const height = 170;
  const highest = Math.max(target ?? 0, ...days.map((d) => d.p95_ms ?? 0));
  const top = WAIT_TOPS.find((wait) => wait >= highest) ?? niceTop(highest / MINUTE) * MINUTE;
  const x = (i: number) =>
    days.length === 1 ? (LEFT + WIDTH - RIGHT) / 2 : LEFT + (i * (WIDTH - LEFT - RIGHT)) / (days.length - 1);
  const y = (ms: number) => TOP + height - (ms / top) * height;
  const path = (values: (number | null)[]) =>
    values
      .map((value, i) =>
        value === null ? null : `${i === 0 || values[i - 1] === null ? "M" : "L"}${x(i).toFixed(1)},${y(value).toFixed(1)}`,
      )
      .filter(Boolean)
      .join(" ");
  const dots = days.length <= 31;
  return (
    <svg className="figure-svg" viewBox={`0 0 ${WIDTH} ${TOP + height + BOTTOM}`} role="img">
      <title>{title}</title>
      <YAxis top={top} height={height} label={(value) => formatWait(value, locale)} />
      <XAxis days={days.map((d) => d.day)} x={x} height={height} />
      {target !== null ? <line className="figure-target" x1={LEFT} x2={WIDTH - RIGHT} y1={y(target)} y2={y(target)} /> : null}
      {(["median_ms", "p95_ms"] as const).map((key) => (
        <g key={key} className={key === "median_ms" ? "figure-median" : "figure-p95"}>
          <path d={path(days.map((d) => d[key]))} fill="none" />
          {dots
            ? days.map((d, i) => {
                const value = d[key];
                return value === null ? null : <circle key={d.day} cx={x(i)} cy={y(value)} r={2.5} />;
              })
            : null}
        </g>
      ))}
    </svg>
  );
}

/** Replies per day as bars: within the target below, over it on top. */
export function RepliesChart({ days, title }: { days: { day: string; replies: number; over_target: number }[]; title: string }) {
  return <DayBars days={days.map((d) => ({ day: d.day, value: d.replies, part: d.over_target }))} title={title} />;
}

/**
 * A value per day as bars, a part of each (`part`, at most the value) drawn on its top in the
 * second colour: replies over the target, money paid back. Negative values are drawn as 0 (the
 * table beside says the number).
 */
export function DayBars({
  days,
  title,
  format,
}: {
  days: { day: string; value: number; part?: number }[];
  title: string;
  format?: (value: number) => string;
}) {
  const { locale } = useTranslation();
  const height = 150;
  const top = niceTop(Math.max(...days.map((d) => d.value), 1));
  const band = (WIDTH - LEFT - RIGHT) / Math.max(days.length, 1);
  const x = (i: number) => LEFT + band * i + band / 2;
  const scale = (n: number) => (Math.max(n, 0) / top) * height;
  const number = numberFormat(locale);
  return (
    <svg className="figure-svg" viewBox={`0 0 ${WIDTH} ${TOP + height + BOTTOM}`} role="img">
      <title>{title}</title>
      <YAxis top={top} height={height} label={format ?? ((value) => number.format(value))} />
      <XAxis days={days.map((d) => d.day)} x={x} height={height} />
      {days.map((d, i) => {
        const width = Math.max(band * 0.7, 1);
        const part = Math.min(Math.max(d.part ?? 0, 0), Math.max(d.value, 0));
        const below = scale(d.value - part);
        const over = scale(part);
        return (
          <g key={d.day}>
            <rect className="figure-bar" x={x(i) - width / 2} width={width} y={TOP + height - below} height={below} />
            <rect className="figure-bar-over" x={x(i) - width / 2} width={width} y={TOP + height - below - over} height={over} />
          </g>
        );
      })}
    </svg>
  );
}

/** Labelled horizontal bars (replies per host, per site and language), longest first as given: each label above its bar. */
export function BarList({ rows, title }: { rows: { label: string; value: number; note?: string }[]; title: string }) {
  const { locale } = useTranslation();
  const number = numberFormat(locale);
  const rowHeight = 40;
  const top = Math.max(...rows.map((row) => row.value), 1);
  // Room after the longest bar for its number and note ("125 · 1.1 per hour").
  const room = WIDTH - RIGHT - (rows.some((row) => row.note) ? 130 : 40);
  return (
    <svg className="figure-svg figure-svg-bars" viewBox={`0 0 ${WIDTH} ${rows.length * rowHeight}`} role="img">
      <title>{title}</title>
      {rows.map((row, i) => {
        const y = i * rowHeight;
        const width = Math.max((row.value / top) * room, 1);
        return (
          <g key={`${row.label}-${i}`}>
            <text className="figure-label" x={0} y={y + 14}>
              {row.label.length > 44 ? `${row.label.slice(0, 43)}…` : row.label}
            </text>
            <rect className="figure-bar" x={0} y={y + 20} width={width} height={14} />
            <text className="figure-label" x={width + 6} y={y + 32}>
              {number.format(row.value)}
              {row.note ? ` · ${row.note}` : ""}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
