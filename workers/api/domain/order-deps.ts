/**
 * What the money rules (orders, withdrawals, renewals) work with: the D1 binding for their
 * batches, the query builder, and the payment provider's adapter (docs/decisions/018-payments.md).
 * Given as an argument, so the API tests run the same rules over a provider that fails.
 */
import type { Context } from "hono";
import { paymentAdapter } from "../adapters/payments";
import type { PaymentAdapter } from "../adapters/payments/types";
import type { ApiContext } from "../context";
import type { Db } from "../db/client";

export interface OrderDeps {
  d1: D1Database;
  db: Db;
  adapter: PaymentAdapter;
}

/** The request's deps: its D1, its query builder, the adapter PAYMENT_ADAPTER names. */
export function orderDeps(c: Context<ApiContext>): OrderDeps {
  return { d1: c.env.DB, db: c.var.db, adapter: paymentAdapter(c.env, c.var.db) };
}
