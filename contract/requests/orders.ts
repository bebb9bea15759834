/** Requests of the commerce calls: pricing.php, payment_methods.php, orders.php (docs/api.md "Commerce"). */
import { z } from "zod";

const country = z.string().regex(/^[A-Z]{2}$/);
const productId = z.string().regex(/^[a-z0-9-]{1,32}$/);
/** A provider's method id ("ideal", "creditcard"). */
const method = z.string().regex(/^[a-z0-9_]{1,32}$/);

/** The page makes a key for each order summary it shows: a double click or a retry makes one order. */
export const ORDER_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** Our order ids: "ord_" and 26 random base-32 characters (130 bits), so they cannot be guessed. */
export const ORDER_ID = /^ord_[a-z2-7]{26}$/;

/** GET /api/pricing.php: `country` is the payment country; absent, the member's or the site's. */
export const PricingQuerySchema = z.object({
  country: country.optional(),
  /** The code the member typed; for a member, each package's quote then has the best of their discounts. */
  code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .transform((code) => code || undefined),
});

/** GET /api/payment_methods.php. */
export const PaymentMethodsQuerySchema = z.union([
  z.object({ country, package: productId }),
  /** A premium plan's first payment: only methods that can make a mandate for renewals. */
  z.object({ country, plan: productId }),
]);

/**
 * POST /api/orders.php: buy a package. The price is never sent as the price to charge: the API
 * computes it, and refuses (price_changed) when it is not what the member was shown.
 */
export const CreateOrderBodySchema = z.object({
  /** credits: a package (product_id); premium: a plan (product_id), renewed until cancelled. */
  product: z.enum(["credits", "premium"]),
  product_id: productId,
  method,
  country,
  key: z.string().regex(ORDER_KEY),
  /** What the summary showed, in cents and currency: a different price now is refused. */
  expected_cents: z.coerce.number().int().nonnegative(),
  expected_currency: z.string().regex(/^[A-Z]{3}$/),
  /** A discount code the summary applied (typed, or the active welcome or time-bonus code). */
  code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .transform((code) => code || undefined),
  /** A path on this site to come back to after paying (a chat). */
  return_to: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/)
    .optional(),
});
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>;
export type CreateOrderBodyParsed = z.output<typeof CreateOrderBodySchema>;

/** GET /api/orders.php?id= (the buyer or anyone with the id) or ?latest=credits (the member's last). */
export const OrderQuerySchema = z.union([
  z.object({ id: z.string().regex(ORDER_ID) }),
  z.object({ latest: z.literal("credits") }),
]);

/** What a member types as a discount code (docs/product.md §10.5). */
export const DiscountCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

/** GET /api/discountcode.php: a typed code (`code`, other params passed through and ignored), or `welcome=true`. */
export const DiscountQuerySchema = z.union([
  z.object({ welcome: z.literal("true") }),
  z.looseObject({ code: DiscountCodeSchema }),
]);

/** POST /api/discountcode.php (designed): the account-deletion offer turned into the member's own code. */
export const RetentionCodeBodySchema = z.object({ kind: z.literal("retention") });
export type RetentionCodeBody = z.input<typeof RetentionCodeBodySchema>;

/** GET /api/withdrawals.php?order= and POST /api/withdrawals.php { order } (designed). */
export const WithdrawalOrderSchema = z.object({ order: z.string().regex(ORDER_ID) });
export type WithdrawalOrder = z.input<typeof WithdrawalOrderSchema>;
export const WithdrawalsQuerySchema = z.object({ order: z.string().regex(ORDER_ID).optional() });

/** POST /api/premium.php (designed, member): `cancel` stops the renewal (the period runs to its end). */
export const PremiumActionSchema = z.object({ action: z.literal("cancel") });
export type PremiumAction = z.input<typeof PremiumActionSchema>;

/** POST /api/premium_cancel.php (designed, public): "cancel contracts here" without logging in. */
export const PremiumCancelByMailSchema = z.object({ email: z.email().max(254) });
export type PremiumCancelByMail = z.input<typeof PremiumCancelByMailSchema>;
/** POST /api/premium_cancel.php?do=1 (designed, public): the link mailed to the address confirms. Checked by hand (410). */
export const PremiumCancelConfirmSchema = z.object({ token: z.unknown().optional() });
export type PremiumCancelConfirm = { token: string };
