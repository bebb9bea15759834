/**
 * General discount codes' bounds and state (issue 28 point 4, docs/decisions/049), without zod:
 * the console's pages use them in the browser, the API's schemas (contract/discount-codes.ts)
 * on the server.
 */

/** What an admin may type as a code: letters and digits, upper-cased (members type any case). */
export const CODE_MIN = 3;
export const CODE_MAX = 20;
export const CODE_PATTERN = /^[A-Z0-9]+$/;
/** The welcome offer's own code (domain/discounts.ts WELCOME_CODE): not an admin's to take. */
export const RESERVED_CODES = ["WELCOME"] as const;
export const PERCENT_MIN = 1;
export const PERCENT_MAX = 90;
/** A credits-bonus code's extra credits (docs/decisions/054; the table's CHECK as well). */
export const BONUS_MIN = 1;
export const BONUS_MAX = 10_000;
/** What a general code gives: a percentage off, or extra credits with the package. */
export const CODE_KINDS = ["percent", "bonus"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const MAX_USES_MAX = 10_000_000;
export const MIN_CREDITS_MAX = 1_000_000;
/** The latest moment a code may start or end (year 9999), so dates stay readable. */
export const TIME_MAX = 253_402_300_799_000;

export const CODE_STATES = ["active", "paused", "scheduled", "expired", "used_up"] as const;
export type CodeState = (typeof CODE_STATES)[number];

/**
 * A code's state for the console: expired (its end has passed) before used up (every use of its
 * cap taken) before paused before scheduled (its start is to come) before active.
 */
export function codeState(
  code: { valid_from: number; valid_until: number | null; max_uses: number | null; paused: boolean; uses: number },
  now: number,
): CodeState {
  if (code.valid_until !== null && code.valid_until <= now) return "expired";
  if (code.max_uses !== null && code.uses >= code.max_uses) return "used_up";
  if (code.paused) return "paused";
  if (code.valid_from > now) return "scheduled";
  return "active";
}

export const DISCOUNT_CODE_ACTIONS = ["pause", "resume", "expire"] as const;
export type DiscountCodeAction = (typeof DISCOUNT_CODE_ACTIONS)[number];
