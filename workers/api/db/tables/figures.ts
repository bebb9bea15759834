/** The business figures' roll-ups (migration 0033, ADR 051; Kysely's view; db/schema.ts joins them). */

/** One figure of one site, UTC day, source and currency: kept by triggers as events happen. */
export interface DailyFiguresTable {
  site_id: number;
  /** UTC day number: ms since 1970 / 86 400 000. */
  day: number;
  /** The sign-up network of the member concerned; '' for none. */
  source: string;
  figure: string;
  /** The currency of an amount; '' for a count. */
  currency: string;
  value: number;
}

/** Who paid on which day, for the distinct paying members of a range. */
export interface PayerDaysTable {
  site_id: number;
  day: number;
  source: string;
  currency: string;
  member_id: number;
}
