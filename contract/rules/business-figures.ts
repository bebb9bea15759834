/**
 * The business figures' bounds and names without zod (docs/product.md §16.6, ADR 051), so the
 * staff page's bundle carries no schema; contract/business-figures.ts re-exports them.
 */
import type { RangeLimits } from "./host-figures";

/** Up to a year and a day at once; the last 30 days when no range is asked for. */
export const BUSINESS_RANGE: RangeLimits = { maxDays: 366, defaultDays: 30 };

/** The `source` that means every source (the default); "" means members without a network. */
export const ALL_SOURCES = "*";

/** The tables the CSV download offers: per day, per day and currency, per source. */
export const BUSINESS_TABLES = ["days", "money", "sources"] as const;
export type BusinessTable = (typeof BUSINESS_TABLES)[number];
