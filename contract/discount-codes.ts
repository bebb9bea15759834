/**
 * General discount codes managed by admins in the staff console (issue 28 point 4; docs/api.md
 * "Discount codes in the console", docs/decisions/049): requests, answers and the code's state.
 * The member side's rules (docs/product.md §10.5): a code is a percentage off a credit package's
 * list price or a credits bonus (extra credits, the price unchanged, docs/decisions/054), once
 * per member, and never makes a price worse.
 */
import { z } from "zod";

import {
  CODE_MAX,
  CODE_MIN,
  CODE_PATTERN,
  CODE_KINDS,
  CODE_STATES,
  DISCOUNT_CODE_ACTIONS,
  BONUS_MAX,
  BONUS_MIN,
  MAX_USES_MAX,
  MIN_CREDITS_MAX,
  PERCENT_MAX,
  PERCENT_MIN,
  RESERVED_CODES,
  TIME_MAX,
} from "./rules/discount-codes";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const time = z.number().int().min(0).max(TIME_MAX);

/** POST /api/staff/discount_code.php: a new general code (no id) or changes to one. */
export const DiscountCodeBodySchema = z
  .object({
    id: id.optional(),
    site: id,
    code: z
      .string()
      .trim()
      .min(1)
      .transform((value) => value.toUpperCase())
      .pipe(
        z
          .string()
          .max(CODE_MAX)
          .refine((value) => value.length >= CODE_MIN, { message: "code_too_short" })
          .refine((value) => CODE_PATTERN.test(value), { message: "code_characters" })
          .refine((value) => !(RESERVED_CODES as readonly string[]).includes(value), { message: "code_reserved" }),
      ),
    /** A percentage code's percent off, or null for a credits-bonus code: exactly one of the two is given. */
    percent: z.number().int().min(PERCENT_MIN).max(PERCENT_MAX).nullable().default(null),
    /** A credits-bonus code's extra credits per package bought with it (docs/decisions/054). */
    bonus_credits: z.number().int().min(BONUS_MIN).max(BONUS_MAX).nullable().default(null),
    /** The site's credit packages it is for; empty: all of them. */
    package_ids: z
      .array(z.string().refine((value) => /^[a-z0-9-]{1,32}$/.test(value), { message: "unknown_package" }))
      .max(50)
      .default([]),
    min_credits: z.number().int().min(0).max(MIN_CREDITS_MAX).default(0),
    valid_from: time,
    valid_until: time.nullable(),
    /** Uses in all (null: no cap). Each member may use a code once, always. */
    max_uses: z.number().int().min(1).max(MAX_USES_MAX).nullable(),
  })
  .superRefine((body, ctx) => {
    if (body.percent !== null && body.bonus_credits !== null) {
      ctx.addIssue({ code: "custom", path: ["bonus_credits"], message: "percent_or_bonus" });
    } else if (body.percent === null && body.bonus_credits === null) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: "required" });
    }
    if (body.valid_until !== null && body.valid_until <= body.valid_from) {
      ctx.addIssue({ code: "custom", path: ["valid_until"], message: "end_before_start" });
    }
  });
export type DiscountCodeBody = z.input<typeof DiscountCodeBodySchema>;

/** POST /api/staff/discount_code_state.php: pause it, resume it, or end it now. */
export const DiscountCodeStateBodySchema = z.object({ id, action: z.enum(DISCOUNT_CODE_ACTIONS) });
export type DiscountCodeStateBody = z.input<typeof DiscountCodeStateBodySchema>;

export const DiscountCodeQuerySchema = z.object({ id });

// Answers.

const count = z.number().int().nonnegative();
const RevenueSchema = z.array(z.object({ currency: z.string(), cents: count }));

export const StaffDiscountCodeSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  site_name: z.string(),
  code: z.string(),
  /** What the code gives: a percentage off (`percent`) or extra credits (`bonus_credits`, docs/decisions/054). */
  kind: z.enum(CODE_KINDS),
  /** Null for a credits-bonus code. */
  percent: z.number().int().nullable(),
  /** Null for a percentage code. */
  bonus_credits: z.number().int().nullable(),
  package_ids: z.array(z.string()).nullable(),
  min_credits: count,
  valid_from: z.number().int(),
  valid_until: z.number().int().nullable(),
  max_uses: z.number().int().nullable(),
  paused: z.boolean(),
  state: z.enum(CODE_STATES),
  /** Orders holding a use: paid (used) and still payable (reserved); the cap counts both. */
  uses: count,
  used: count,
  reserved: count,
  /** Paid orders with the code (refunded and withdrawn ones not counted), per currency. */
  revenue: RevenueSchema,
});
export type StaffDiscountCode = z.infer<typeof StaffDiscountCodeSchema>;

/** One of the admin's sites: its credit packages (what a code can be for) and its automatic offers (read-only here). */
export const CodeSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  packages: z.array(z.object({ id: z.string(), credits: z.number().int() })),
  welcome: z.object({ percent: z.number().int(), hours: z.number().int() }).nullable(),
  retention_percent: z.number(),
});
export type CodeSite = z.infer<typeof CodeSiteSchema>;

export const DiscountCodesAnswerSchema = z.object({
  codes: z.array(StaffDiscountCodeSchema),
  sites: z.array(CodeSiteSchema),
});
export type DiscountCodesAnswer = z.infer<typeof DiscountCodesAnswerSchema>;

export const DiscountCodeUseSchema = z.object({
  order_id: z.string(),
  member_id: z.number().int(),
  status: z.string(),
  amount_cents: count,
  currency: z.string(),
  /** The extra credits a credits-bonus code added to this order (0: none). */
  bonus_credits: count,
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});

export const DiscountCodeAnswerSchema = z.object({
  code: StaffDiscountCodeSchema,
  uses: z.array(DiscountCodeUseSchema),
  sites: z.array(CodeSiteSchema),
});
export type DiscountCodeAnswer = z.infer<typeof DiscountCodeAnswerSchema>;

export const DiscountCodeSavedSchema = z.object({ id: z.number().int() });
