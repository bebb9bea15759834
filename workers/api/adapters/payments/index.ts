/**
 * The payment adapter PAYMENT_ADAPTER names (docs/decisions/018-payments.md), like the mail
 * adapter: "demo" (the default; loopback hosts only) or "mollie" (secret MOLLIE_API_KEY).
 * Anything else is a configuration error, not silence.
 */
import type { Db } from "../../db/client";
import { demoAdapter } from "./demo";
import { mollieAdapter } from "./mollie";
import type { PaymentAdapter } from "./types";

export interface PaymentEnv {
  PAYMENT_ADAPTER?: string;
  MOLLIE_API_KEY?: string;
  /** Another Mollie API base (the tests' local fake); production leaves it unset. */
  MOLLIE_API_URL?: string;
}

export function paymentAdapter(env: PaymentEnv, db: Db): PaymentAdapter {
  switch (env.PAYMENT_ADAPTER ?? "demo") {
    case "demo":
      return demoAdapter(db);
    case "mollie":
      // 5 s: the app waits 8 s for the API, and an order may wait for a double click first.
      return mollieAdapter({ apiKey: env.MOLLIE_API_KEY, baseUrl: env.MOLLIE_API_URL || undefined, timeoutMs: 5_000 });
    default:
      throw new Error(`Unknown PAYMENT_ADAPTER "${env.PAYMENT_ADAPTER}" (use "demo" or "mollie")`);
  }
}
