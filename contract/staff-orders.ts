/**
 * Orders in the staff console (issue 28 point 7; docs/api.md "Orders in the staff console",
 * ADR 048), admins only: find an order by its reference or its member, read its history and the
 * ledger rows it made, refund it through the payment provider, or record a chargeback.
 */
import { z } from "zod";
import { EMAIL_MAX } from "./limits";
import { REASON_MAX, REASON_MIN } from "./rules/staff";

/** The newest this many orders are listed; the page says so and asks for a narrower search. */
export const STAFF_ORDERS_LIMIT = 50;

/** An order's reference as the member sees it ("ord_" and 26 letters); older seeds may differ. */
const orderId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * GET /api/staff/orders.php?q=: an order's reference, a member's id or a member's address;
 * empty: the newest orders on the admin's sites.
 */
export const StaffOrdersQuerySchema = z.object({ q: z.string().trim().max(EMAIL_MAX).default("") });
export type StaffOrdersQuery = z.input<typeof StaffOrdersQuerySchema>;

/** GET /api/staff/order.php?id= */
export const StaffOrderQuerySchema = z.object({ id: orderId });

/** POST /api/staff/order_refund.php and order_chargeback.php: which order, and why (the audit log keeps it). */
export const StaffOrderActionBodySchema = z.object({
  id: orderId,
  reason: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(REASON_MIN).max(REASON_MAX)),
});
export type StaffOrderActionBody = z.input<typeof StaffOrderActionBodySchema>;

const cents = z.number().int().nonnegative();
const millis = z.number().int();

/** The order's stored state (db/tables/money.ts OrderStatus): staff see it as it is, not the member's summary. */
export const STAFF_ORDER_STATUSES = [
  "created",
  "open",
  "pending",
  "paid",
  "failed",
  "canceled",
  "expired",
  "error",
  "refunded",
  "withdrawn",
  "review",
] as const;

/** One order of the list. */
export const StaffOrderRowSchema = z.object({
  id: z.string(),
  site_name: z.string(),
  member_id: z.number().int(),
  member_email: z.string().nullable(),
  status: z.enum(STAFF_ORDER_STATUSES),
  product: z.enum(["credits", "premium"]),
  product_id: z.string(),
  credits: z.number().int(),
  months: z.number().int(),
  amount_cents: cents,
  currency: z.string(),
  discount_code: z.string().nullable(),
  /** The part of `credits` a credits-bonus code added, and that code (docs/decisions/054). */
  bonus_credits: z.number().int().default(0),
  bonus_code: z.string().nullable().default(null),
  charged_back_cents: cents,
  created_at: millis,
  paid_at: millis.nullable(),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRowSchema>;

export const StaffOrdersAnswerSchema = z.object({
  /** What the search was read as: nothing typed (the newest orders), a reference, a member id or an address. */
  search: z.enum(["recent", "order", "member", "email"]),
  orders: z.array(StaffOrderRowSchema),
  /** At most this many are listed, newest first; `more` when there were more. */
  limit: z.number().int(),
  more: z.boolean(),
});
export type StaffOrdersAnswer = z.infer<typeof StaffOrdersAnswerSchema>;

export const StaffOrderAdjustmentSchema = z.object({
  kind: z.enum(["refund", "chargeback"]),
  staff_name: z.string().nullable(),
  reason: z.string(),
  amount_cents: cents,
  credits_taken: z.number().int().nonnegative(),
  refund_status: z.enum(["none", "pending", "refunded", "failed"]),
  created_at: millis,
});
export type StaffOrderAdjustment = z.infer<typeof StaffOrderAdjustmentSchema>;

/** GET /api/staff/order.php: the order, its history, its ledger rows, its member and what may be done. */
export const StaffOrderAnswerSchema = z.object({
  order: StaffOrderRowSchema.extend({
    list_cents: cents,
    discount_cents: cents,
    vat_cents: cents,
    vat_rate: z.number(),
    method: z.string(),
    country: z.string(),
    provider: z.string(),
    provider_payment_id: z.string().nullable(),
    sequence: z.enum(["oneoff", "first", "recurring"]),
    updated_at: millis,
  }),
  events: z.array(z.object({ event: z.string(), detail: z.string().nullable(), at: millis })),
  ledger: z.array(z.object({ amount: z.number().int(), reason: z.string(), created_at: millis })),
  adjustments: z.array(StaffOrderAdjustmentSchema),
  withdrawal: z
    .object({ credits_returned: z.number().int(), refund_cents: cents, refund_status: z.string(), requested_at: millis })
    .nullable(),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), balance: z.number().int() }),
  /**
   * What the buttons would do now (null: not possible): the money refunded or charged back and
   * the credits taken back. A refund's credits may take the balance below zero (ADR 018); a
   * chargeback's never do (ADR 048).
   */
  refund: z.object({ amount_cents: cents, credits: z.number().int().nonnegative(), retry: z.boolean() }).nullable(),
  chargeback: z.object({ amount_cents: cents, credits: z.number().int().nonnegative() }).nullable(),
});
export type StaffOrderAnswer = z.infer<typeof StaffOrderAnswerSchema>;

/** What a refund or chargeback call answers: the order again (as GET order.php). */
export const StaffOrderActionAnswerSchema = StaffOrderAnswerSchema;
