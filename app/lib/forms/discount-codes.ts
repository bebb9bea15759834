/**
 * The discount code form of the staff console (app/routes/staff/discount-code.tsx; ADR 049):
 * run in the browser and again in the action; the API checks again and is the authority
 * (contract/discount-codes.ts). Times are typed as UTC (datetime-local without a zone).
 */
import * as v from "valibot";
import {
  CODE_MAX,
  CODE_MIN,
  CODE_PATTERN,
  BONUS_MAX,
  BONUS_MIN,
  MAX_USES_MAX,
  MIN_CREDITS_MAX,
  PERCENT_MAX,
  PERCENT_MIN,
  RESERVED_CODES,
} from "../../../contract/rules/discount-codes";

const str = v.optional(v.fallback(v.string(), ""), "");
const E = (code: string) => `staffCodes.errors.${code}`;

/** "2026-11-27T09:30" (a datetime-local's value), read as UTC; NaN when it is not one. */
export function utcMillis(value: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? Date.parse(`${value}:00Z`) : Number.NaN;
}

/** Milliseconds as a datetime-local's value in UTC. */
export function utcInput(ms: number | null): string {
  return ms === null ? "" : new Date(ms).toISOString().slice(0, 16);
}

const whole = (min: number, max: number, message: string) =>
  v.pipe(
    str,
    v.trim(),
    v.check((value) => value === "" || (/^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max), message),
  );

export const DiscountCodeFormSchema = v.pipe(
  v.object({
    site: v.pipe(str, v.regex(/^\d{1,15}$/, "staff.errors.required")),
    code: v.pipe(
      str,
      v.trim(),
      v.toUpperCase(),
      v.nonEmpty(E("code_required")),
      v.check((value) => value.length >= CODE_MIN, E("code_too_short")),
      v.check((value) => value.length <= CODE_MAX, E("code_too_long")),
      v.check((value) => CODE_PATTERN.test(value), E("code_characters")),
      v.check((value) => !(RESERVED_CODES as readonly string[]).includes(value), E("code_reserved")),
    ),
    /** What the code gives (docs/decisions/054): a percentage off, or extra credits; only its own field counts. */
    kind: v.optional(v.picklist(["percent", "bonus"], E("kind")), "percent"),
    percent: v.pipe(
      str,
      v.trim(),
      v.check(
        (value) => value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= PERCENT_MIN && Number(value) <= PERCENT_MAX),
        E("percent"),
      ),
    ),
    bonus_credits: whole(BONUS_MIN, BONUS_MAX, E("bonus_credits")),
    package_ids: v.optional(v.union([v.string(), v.array(v.string())])),
    min_credits: whole(0, MIN_CREDITS_MAX, E("min_credits")),
    valid_from: v.pipe(
      str,
      v.nonEmpty(E("start")),
      v.check((value) => !Number.isNaN(utcMillis(value)), E("start")),
    ),
    valid_until: v.pipe(
      str,
      v.check((value) => value === "" || !Number.isNaN(utcMillis(value)), E("end")),
    ),
    max_uses: whole(1, MAX_USES_MAX, E("max_uses")),
  }),
  // The chosen kind's amount is needed; the other field must stay empty (a code is one or the other).
  v.forward(
    v.check((input) => input.kind !== "percent" || input.percent !== "", E("percent")),
    ["percent"],
  ),
  v.forward(
    v.check((input) => input.kind !== "bonus" || input.bonus_credits !== "", E("bonus_credits")),
    ["bonus_credits"],
  ),
  v.forward(
    v.check((input) => (input.kind === "percent" ? input.bonus_credits === "" : input.percent === ""), E("percent_or_bonus")),
    ["kind"],
  ),
  v.forward(
    v.check(
      (input) => input.valid_until === "" || !(utcMillis(input.valid_until) <= utcMillis(input.valid_from)),
      E("end_before_start"),
    ),
    ["valid_until"],
  ),
);
export type DiscountCodeForm = v.InferOutput<typeof DiscountCodeFormSchema>;

/** The form's packages as a list (one checked box arrives as a string). */
export function packageList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === "string" ? [value] : value;
}
