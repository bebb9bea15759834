/** The credit ledger, orders, discounts, withdrawals, premium and conversion postbacks (Kysely's view of ../../migrations; db/schema.ts joins them). */
import type { Generated } from "kysely";

export interface CreditLedgerTable {
  id: Generated<number>;
  member_id: number | null;
  amount: number;
  reason: string;
  idempotency_key: string;
  created_at: number;
}

/** Confirmation links of a premium cancellation asked for without logging in (migration 0025). */
export interface PremiumCancelsTable {
  /** SHA-256 hex of the link's token; the token itself is only in the mail. */
  token_hash: string;
  member_id: number;
  site_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export type OrderStatus =
  | "created"
  | "open"
  | "pending"
  | "paid"
  | "failed"
  | "canceled"
  | "expired"
  | "error"
  | "refunded"
  | "withdrawn"
  | "review";

export interface OrdersTable {
  id: string;
  site_id: number;
  member_id: number;
  create_key: string;
  product: "credits" | "premium";
  product_id: string;
  credits: number;
  months: number;
  country: string;
  currency: string;
  list_cents: number;
  discount_cents: number;
  amount_cents: number;
  vat_rate: number;
  vat_cents: number;
  method: string;
  locale: string;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: OrderStatus;
  return_to: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  discount_code_id: number | null;
  charged_back_cents: Generated<number>;
  sequence: Generated<"oneoff" | "first" | "recurring">;
  /** The credits-bonus part of `credits` (migration 0035, ADR 054); 0: none. */
  bonus_credits: Generated<number>;
  /** The credits-bonus code that gave it (its use is a discount_redemptions row too). */
  bonus_code_id: number | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  event: string;
  detail: string | null;
  at: number;
}

export interface DemoPaymentsTable {
  id: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  description: string;
  method: string;
  redirect_url: string;
  webhook_url: string;
  metadata: string;
  status: string;
  refunded_cents: Generated<number>;
  charged_back_cents: Generated<number>;
  created_at: number;
}

export type DiscountKind = "general" | "welcome" | "time_bonus" | "retention";

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  code: string;
  kind: DiscountKind;
  percent: number;
  member_id: number | null;
  valid_from: number;
  valid_until: number | null;
  hours_after_signup: number | null;
  min_credits: Generated<number>;
  package_ids: string | null;
  created_at: number;
  /** At most this many uses in all (NULL: no cap); enforced by a trigger (migration 0031). */
  max_uses: number | null;
  /** When an admin paused the code (NULL: not paused). */
  paused_at: number | null;
  /** A credits-bonus code's extra credits (migration 0035, ADR 054); NULL: a percentage code, whose percent counts. */
  bonus_credits: Generated<number | null>;
}

export interface DiscountRedemptionsTable {
  code_id: number;
  member_id: number;
  order_id: string;
  created_at: number;
}

export interface WithdrawalsTable {
  order_id: string;
  member_id: number;
  credits_returned: number;
  refund_cents: number;
  requested_at: number;
  refund_status: "pending" | "refunded" | "none" | "failed";
  refund_id: string | null;
}

/** A refund or chargeback recorded by an admin (migration 0030, ADR 048): one of each per order. */
export interface OrderAdjustmentsTable {
  order_id: string;
  kind: "refund" | "chargeback";
  token: string;
  staff_id: number;
  reason: string;
  amount_cents: number;
  credits_taken: number;
  refund_status: "none" | "pending" | "refunded" | "failed";
  refund_id: string | null;
  asked_at: number | null;
  created_at: number;
}

export interface DemoRefundsTable {
  idempotency_key: string;
  payment_id: string;
  cents: number;
  created_at: number;
}

export interface PaymentCustomersTable {
  member_id: number;
  provider: string;
  customer_id: string;
  created_at: number;
}

export interface PremiumMembershipsTable {
  member_id: number;
  site_id: number;
  plan_id: string;
  months: number;
  country: string;
  method: string;
  started_at: number;
  current_period_end: number;
  renews: Generated<number>;
  canceled_at: number | null;
  renewal_failed_at: number | null;
  updated_at: number;
}

export interface PremiumPeriodsTable {
  order_id: string;
  member_id: number;
  created_at: number;
}

/** Conversion postbacks (migrations/0015): one per member and event; also the operator's log. */
export interface PostbacksTable {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  event: "soi" | "doi" | "sale";
  network: string;
  url: string;
  status: Generated<"queued" | "retrying" | "sent" | "failed" | "refused">;
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}
