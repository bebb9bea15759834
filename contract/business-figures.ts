/**
 * The business in numbers (issue 28 point 6; docs/api.md "Business figures", docs/product.md
 * §16.6, ADR 051): GET /api/staff/business_figures.php, its query and answer, and POST
 * /api/visit.php, the count of a visit to the welcome page or a lander. The range rule is
 * contract/rules/host-figures.ts readRange with BUSINESS_RANGE.
 */
import { z } from "zod";
import { BUSINESS_TABLES } from "./rules/business-figures";

export { ALL_SOURCES, BUSINESS_RANGE, BUSINESS_TABLES, type BusinessTable } from "./rules/business-figures";

/** Counts kept per site, day and source (daily_figures rows, migration 0033). */
export const COUNT_FIGURES = [
  "visits_welcome",
  "visits_lander",
  "signups",
  "confirmed",
  "first_purchases",
  "repeat_purchases",
  /** Of the day's sign-ups, those whose first purchase came the same UTC day, or within 7 days. */
  "buyers_same_day",
  "buyers_7d",
  "messages",
  "conversations",
  "host_replies",
  /** The sum of the members' waits for the hosts' replies, in ms (its average: ÷ host_replies). */
  "host_reply_wait_ms",
] as const;
export type CountFigure = (typeof COUNT_FIGURES)[number];

/** Amounts in cents of a currency. */
export const MONEY_FIGURES = ["revenue", "refunds", "withdrawals", "chargebacks"] as const;
export type MoneyFigure = (typeof MONEY_FIGURES)[number];

/** The pages whose visits are counted. */
export const VISIT_PAGES = ["welcome", "lander"] as const;
export type VisitPage = (typeof VISIT_PAGES)[number];

/** A source (network name) is cut to this many characters, in the rows and the query alike. */
export const SOURCE_MAX = 64;

/** POST /api/visit.php: a visit counted by the app's loader (no cookie of its own; ADR 051). */
export const VisitBodySchema = z.object({
  page: z.enum(VISIT_PAGES),
  network: z.string().max(200).optional(),
});
export type VisitBody = z.infer<typeof VisitBodySchema>;

/**
 * GET /api/staff/business_figures.php?from=&to=&site=&source=[&format=csv&table=…]: UTC days,
 * both included (YYYY-MM-DD; none: the last 30); `site` one of the admin's sites (none: all of
 * them); `source` a network, "" for members without one, `*` or none for all.
 */
export const BusinessFiguresQuerySchema = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
  site: z
    .string()
    .regex(/^\d{0,9}$/)
    .optional(),
  source: z.string().max(200).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  table: z.enum(BUSINESS_TABLES).default("days"),
});
export type BusinessFiguresQuery = z.input<typeof BusinessFiguresQuerySchema>;

const count = z.number().int().nonnegative();
const cents = z.number().int();

const countsShape = Object.fromEntries(COUNT_FIGURES.map((figure) => [figure, count])) as Record<CountFigure, typeof count>;
export const FigureCountsSchema = z.object(countsShape);
export type FigureCounts = z.infer<typeof FigureCountsSchema>;

/** Money in one currency: the sums, net (revenue less everything paid back) and the distinct payers. */
export const MoneyRowSchema = z.object({
  currency: z.string(),
  revenue: cents,
  refunds: cents,
  withdrawals: cents,
  chargebacks: cents,
  net: cents,
  paying_members: count,
});
export type MoneyRow = z.infer<typeof MoneyRowSchema>;

export const BusinessDaySchema = FigureCountsSchema.extend({
  day: z.string(),
  paying_members: count,
  money: z.array(MoneyRowSchema),
});
export type BusinessDay = z.infer<typeof BusinessDaySchema>;

export const BusinessSourceSchema = FigureCountsSchema.extend({
  /** The network; "" for members who came without one. */
  source: z.string(),
  paying_members: count,
  money: z.array(MoneyRowSchema),
});
export type BusinessSource = z.infer<typeof BusinessSourceSchema>;

export const BusinessFiguresAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The site shown (null: every site of the admin's scope) and the sites to choose from. */
  site_id: z.number().int().nullable(),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The source shown (null: all) and the sources seen in the range. */
  source: z.string().nullable(),
  sources: z.array(z.string()),
  totals: FigureCountsSchema.extend({ paying_members: count, money: z.array(MoneyRowSchema) }),
  /** Every day of the range, oldest first. */
  days: z.array(BusinessDaySchema),
  /** Per source, most sign-ups first (with a source chosen: that one only). */
  by_source: z.array(BusinessSourceSchema),
});
export type BusinessFiguresAnswer = z.infer<typeof BusinessFiguresAnswerSchema>;
