/**
 * The admin's host figures (issue 27; docs/product.md §15.6, ADR 045 "Figures"): the date range
 * and the reply target, without zod, so the page and the API read a range by one rule.
 * Days are UTC calendar days, written YYYY-MM-DD, counted as whole days since 1970-01-01.
 */

/** The longest range one request may ask for, in days (both ends included). */
export const HOST_FIGURES_MAX_DAYS = 92;
/** The range shown when none is asked for: the last 7 days, today included. */
export const HOST_FIGURES_DEFAULT_DAYS = 7;
/** A site's reply target (`host_reply_target_minutes`) when its settings name none, and its bounds. */
export const HOST_REPLY_TARGET_DEFAULT_MINUTES = 5;
export const HOST_REPLY_TARGET_MIN_MINUTES = 1;
export const HOST_REPLY_TARGET_MAX_MINUTES = 1440;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a range was refused: not a date, `from` after `to`, longer than HOST_FIGURES_MAX_DAYS. */
export type RangeProblem = "date" | "order" | "too_long";

export type RangeResult = { ok: true; from: number; to: number } | { ok: false; field: "from" | "to"; problem: RangeProblem };

/** A calendar date as its UTC day number, or null when it is not one (2026-02-30, 26-1-1). */
export function dayOf(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

/** A day number as YYYY-MM-DD. */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** How long a range may be and how long it is when none is asked for, in days (the host figures' by default). */
export interface RangeLimits {
  maxDays: number;
  defaultDays: number;
}

const HOST_FIGURES_LIMITS: RangeLimits = { maxDays: HOST_FIGURES_MAX_DAYS, defaultDays: HOST_FIGURES_DEFAULT_DAYS };

/**
 * The range asked for: `to` empty or absent is today, `from` empty or absent the default days
 * (7) ending at `to`. Refused: a date that is not one, `from` after `to`, more than the maximum
 * (92 days). The business figures read ranges by the same rule with their own limits.
 */
export function readRange(
  from: string | undefined,
  to: string | undefined,
  today: number,
  limits: RangeLimits = HOST_FIGURES_LIMITS,
): RangeResult {
  const toDay = to ? dayOf(to) : today;
  if (toDay === null) return { ok: false, field: "to", problem: "date" };
  const fromDay = from ? dayOf(from) : toDay - (limits.defaultDays - 1);
  if (fromDay === null) return { ok: false, field: "from", problem: "date" };
  if (fromDay > toDay) return { ok: false, field: "from", problem: "order" };
  if (toDay - fromDay + 1 > limits.maxDays) return { ok: false, field: "from", problem: "too_long" };
  return { ok: true, from: fromDay, to: toDay };
}

/** Today's UTC day number. */
export function todayOf(now: number): number {
  return Math.floor(now / DAY_MS);
}
