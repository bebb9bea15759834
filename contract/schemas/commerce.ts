/** Commerce (issue 12; docs/product.md §10; designed calls in docs/api.md): prices, orders, discounts, withdrawals, premium. */
import { z } from "zod";
import { countryCode, currencyCode } from "./site";
import { UserSchema } from "./members";

// --- Commerce (issue 12; docs/product.md §10; designed calls in docs/api.md) ---------------------------------

const QuoteSchema = z.object({
  currency: currencyCode,
  list_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  vat_rate: z.number(),
  vat_cents: z.number().int(),
});

export const DISCOUNT_KINDS = ["general", "welcome", "time_bonus", "retention"] as const;

/** The discount that counts for a package (docs/product.md §10.5). */
const AppliedDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int(),
});

/** A credits-bonus code that counts for a package: N extra credits, the price unchanged (docs/decisions/054). */
export const BonusSchema = z.object({ code: z.string(), bonus_credits: z.number().int() });

/** A discount the member has that does not count for a package, and why (another is better or as good, or it is not for it). */
const PassedOverSchema = AppliedDiscountSchema.extend({
  reason: z.enum(["better_discount", "same_discount", "not_for_package"]),
  min_credits: z.number().int(),
});

/**
 * GET /api/pricing.php?country=&code= (designed): what the site sells, priced for a buyer in
 * `country`. For a member, each package's quote has the best of their discounts taken off (the
 * running time bonus or welcome offer, and the typed `code`), and says which one and why the
 * others do not count; orders.php charges exactly that.
 */
export const PricingAnswerSchema = z.object({
  /** The country the prices are for (the `country` asked, else the member's, else the site's first). */
  country: countryCode,
  currency: currencyCode,
  vat_rate: z.number(),
  /** The countries a buyer may pay from (payment_country): the site's countries. */
  countries: z.array(countryCode),
  packages: z.array(
    z.object({
      id: z.string(),
      credits: z.number().int(),
      highlight: z.boolean(),
      quote: QuoteSchema,
      discount: AppliedDiscountSchema.nullable().default(null),
      passed_over: z.array(PassedOverSchema).default([]),
      /**
       * The typed credits-bonus code's extra credits for this package (docs/decisions/054), or
       * null: added to `credits` when bought, never to the price. A bonus code that is not for
       * the package is in `passed_over` (not_for_package, percent 0).
       */
      bonus: BonusSchema.nullable().default(null),
    }),
  ),
  premium_plans: z.array(
    z.object({ id: z.string(), months: z.number().int(), bonus_credits: z.number().int(), quote: QuoteSchema }),
  ),
  /** The list price may be shown struck through beside a discounted one (held 30 days; docs/product.md §10.5). */
  strike_through: z.boolean(),
  /** The member's codes reserved for their orders that can still be paid (not used yet), with the order. */
  reserved: z.array(z.object({ code: z.string(), kind: z.enum(DISCOUNT_KINDS), order_id: z.string() })).default([]),
  /** What one message costs in `country`, in credits, and about what that is in money (cents). */
  message: z.object({ credits: z.number().int(), approx_cents: z.number().int().nullable() }),
});
export type PricingAnswer = z.infer<typeof PricingAnswerSchema>;

/** GET /api/payment_methods.php?country=&package= (designed): what the provider offers a payer in `country`. */
export const PaymentMethodsAnswerSchema = z.object({
  methods: z.array(z.object({ id: z.string(), description: z.string() })),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsAnswerSchema>["methods"];

/** An order's state as the member sees it (orders.status holds a few more internal ones). */
export const ORDER_STATES = ["pending", "paid", "failed", "canceled", "expired", "refunded", "withdrawn"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The buyer's view of an order: what they bought, for how much, and how far it is. */
export const OwnOrderSchema = z.object({
  id: z.string(),
  mine: z.literal(true),
  status: z.enum(ORDER_STATES),
  product: z.enum(["credits", "premium"]),
  product_id: z.string(),
  /** Every credit the order grants when paid: the package's and `bonus_credits`. */
  credits: z.number().int(),
  /** The part of `credits` a credits-bonus code added (docs/decisions/054); 0: none. */
  bonus_credits: z.number().int().default(0),
  /** The credits-bonus code that added them, or null. */
  bonus_code: z.string().nullable().default(null),
  months: z.number().int(),
  country: countryCode,
  method: z.string(),
  quote: QuoteSchema,
  /** The discount code the price has off (a typed code, the welcome offer, a time bonus), or null: "Try again" keeps it. */
  discount_code: z.string().nullable().default(null),
  /** The provider's checkout while the order can still be paid there. */
  checkout_url: z.string().nullable(),
  /** Where the member was when they chose to buy (a path on this site), or null. */
  return_to: z.string().nullable(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  /** The member's credits now. */
  balance: z.number().int(),
});
export type OwnOrder = z.infer<typeof OwnOrderSchema>;

/** Anyone else holding the id (the provider's return address is public) sees only the state. */
export const ForeignOrderSchema = z.object({ id: z.string(), mine: z.literal(false), status: z.enum(ORDER_STATES) });

/** GET /api/orders.php?id= and POST /api/orders.php (designed). */
export const OrderAnswerSchema = z.object({ order: z.discriminatedUnion("mine", [OwnOrderSchema, ForeignOrderSchema]) });
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

/** GET /api/orders.php?latest=credits (designed): the member's last paid order of credits, for "repeat order". */
export const LatestOrderAnswerSchema = z.object({
  order: z.object({ product_id: z.string(), method: z.string(), country: countryCode }).nullable(),
});

/** A discount code the member may use now (docs/product.md §10.5). */
export const DiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** The percentage off the list price; 0 for a credits-bonus code. */
  percent: z.number().int(),
  /** A credits-bonus code's extra credits per package it is for (docs/decisions/054); null: a percentage code. */
  bonus_credits: z.number().int().nullable().default(null),
  /** Unix ms; null: no end. A time bonus shows it (and a countdown with JavaScript). */
  valid_until: z.number().int().nullable(),
  min_credits: z.number().int(),
  package_ids: z.array(z.string()).nullable(),
});
export type Discount = z.infer<typeof DiscountSchema>;

/** GET /api/discountcode.php?code= | ?welcome=true (docs/product.md §7; answer designed). */
export const DiscountAnswerSchema = z.object({ discount: DiscountSchema });

/** A purchase the member may withdraw from, or has (docs/product.md §10.7). */
export const WithdrawalViewSchema = z.object({
  order: z.object({
    id: z.string(),
    product: z.enum(["credits", "premium"]),
    /** Credits: the package's; premium: the period's bonus credits. */
    credits: z.number().int(),
    months: z.number().int(),
    amount_cents: z.number().int(),
    currency: currencyCode,
    paid_at: z.number().int(),
  }),
  /** Unix ms: the end of the 14 days. */
  until: z.number().int(),
  /** The purchase's credits that go back, and the refund they mean (now, or when withdrawn). */
  unused_credits: z.number().int(),
  refund_cents: z.number().int(),
  /** Null until withdrawn; then when, and how far the refund is. */
  withdrawn: z
    .object({ requested_at: z.number().int(), refund_status: z.enum(["pending", "refunded", "none", "failed"]) })
    .nullable(),
});
export type WithdrawalView = z.infer<typeof WithdrawalViewSchema>;

/** GET /api/withdrawals.php (designed): the member's purchases of the last 14 days and their withdrawals. */
export const WithdrawalsAnswerSchema = z.object({ purchases: z.array(WithdrawalViewSchema) });
/** GET /api/withdrawals.php?order= and POST /api/withdrawals.php (designed). */
export const WithdrawalAnswerSchema = z.object({ purchase: WithdrawalViewSchema });

/** GET /api/premium.php and POST /api/premium.php (designed): the member's premium membership, or null. */
export const PremiumAnswerSchema = z.object({
  premium: UserSchema.shape.premium,
  /** The last renewal could not be charged (Unix ms), so the membership ended or ends. */
  renewal_failed_at: z.number().int().nullable(),
});
export type PremiumAnswer = z.infer<typeof PremiumAnswerSchema>;
