/** The transparency report's range without zod (ADR 055), for the staff page; contract/transparency.ts re-exports it. */
import type { RangeLimits } from "./host-figures";

/** Up to a year and a day at once; the last 365 days when no range is asked for. */
export const TRANSPARENCY_RANGE: RangeLimits = { maxDays: 366, defaultDays: 365 };
