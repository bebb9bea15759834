/** Requests of the demo provider's checkout page (PAYMENT_ADAPTER=demo, docs/decisions/018-payments.md). */
import { z } from "zod";

/** What the demo payment may do, one button each. */
export const DEMO_OUTCOMES = ["paid", "failed", "canceled", "expired"] as const;

/** The demo provider's payment id, like Mollie's: "tr_" and letters or digits. */
export const DemoPaymentIdSchema = z.string().regex(/^tr_[A-Za-z0-9]+$/);

/** POST /api/demo_checkout.php (the page's form): the payment takes `outcome`. */
export const DemoCheckoutBodySchema = z.object({ id: DemoPaymentIdSchema, outcome: z.enum(DEMO_OUTCOMES) });
