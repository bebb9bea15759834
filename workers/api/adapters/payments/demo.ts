/**
 * The demo payment provider (PAYMENT_ADAPTER=demo, the local default; docs/decisions/018-payments.md).
 * It behaves like Mollie from the order's side: payments with tr_ ids and Mollie's statuses,
 * kept in D1 (demo_payments), a hosted checkout page (endpoints/demo-checkout.ts, loopback
 * hosts only) where the developer chooses paid, failed, canceled or expired, and a webhook
 * call carrying only the id. So the local flow runs the production code path of orders.
 */
import type { Db } from "../../db/client";
import { demoMethods } from "./methods";
import {
  type Amount,
  type CreatePaymentInput,
  type PaymentAdapter,
  type PaymentStatus,
  PaymentProviderError,
  type ProviderPayment,
} from "./types";

export const DEMO_CHECKOUT_PATH = "/api/demo_checkout.php";
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const STATUSES: readonly PaymentStatus[] = ["open", "pending", "authorized", "paid", "canceled", "expired", "failed"];

function randomId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tr_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

type DemoRow = {
  id: string;
  amount_cents: number;
  currency: string;
  method: string;
  status: string;
  refunded_cents: number;
  charged_back_cents: number;
  metadata: string;
  redirect_url: string;
};

function asStatus(value: string): PaymentStatus {
  return STATUSES.find((s) => s === value) ?? "open";
}

function toPayment(row: DemoRow): ProviderPayment {
  const status = asStatus(row.status);
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(JSON.parse(row.metadata) as Record<string, unknown>)) {
    if (typeof v === "string") metadata[k] = v;
  }
  return {
    id: row.id,
    status,
    amount: { cents: row.amount_cents, currency: row.currency },
    refunded: { cents: row.refunded_cents, currency: row.currency },
    chargedBack: { cents: row.charged_back_cents, currency: row.currency },
    // The checkout lives on the same origin as the return address (the app passes /api/* through).
    checkoutUrl: status === "open" ? new URL(`${DEMO_CHECKOUT_PATH}?id=${row.id}`, row.redirect_url).href : null,
    method: row.method,
    metadata,
  };
}

const COLUMNS = [
  "id",
  "amount_cents",
  "currency",
  "method",
  "status",
  "refunded_cents",
  "charged_back_cents",
  "metadata",
  "redirect_url",
] as const;

export function demoAdapter(db: Db): PaymentAdapter {
  const find = (id: string) => db.selectFrom("demo_payments").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  return {
    name: "demo",
    async listMethods({ country, sequenceType }) {
      return demoMethods(country, sequenceType === "first");
    },
    async createPayment(input: CreatePaymentInput) {
      // The idempotency key makes a retried create answer the first payment, as Mollie's does.
      await db
        .insertInto("demo_payments")
        .values({
          id: randomId(),
          idempotency_key: input.orderId,
          amount_cents: input.amount.cents,
          currency: input.amount.currency,
          description: input.description,
          method: input.method ?? "mandate",
          redirect_url: input.redirectUrl ?? "",
          webhook_url: input.webhookUrl,
          metadata: JSON.stringify(input.metadata),
          // A recurring payment is charged on the mandate without the payer: the demo bank pays it at once.
          status: input.sequenceType === "recurring" ? "paid" : "open",
          created_at: Date.now(),
        })
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .execute();
      const row = await db
        .selectFrom("demo_payments")
        .select(COLUMNS)
        .where("idempotency_key", "=", input.orderId)
        .executeTakeFirstOrThrow();
      return toPayment(row);
    },
    async createCustomer() {
      return { id: `cst_${randomId().slice(3)}` };
    },
    async getPayment(id) {
      if (!PAYMENT_ID.test(id)) return null;
      const row = await find(id);
      return row ? toPayment(row) : null;
    },
    async refund(paymentId, amount: Amount, _description, idempotencyKey) {
      if (idempotencyKey) {
        const earlier = await db
          .selectFrom("demo_refunds")
          .select(["cents"])
          .where("idempotency_key", "=", idempotencyKey)
          .executeTakeFirst();
        if (earlier)
          return { id: `re_${idempotencyKey}`, amount: { cents: earlier.cents, currency: amount.currency }, status: "refunded" };
      }
      const row = await find(paymentId);
      if (row?.status !== "paid") throw new PaymentProviderError("The payment is not paid, so it cannot be refunded.", false);
      const remaining = row.amount_cents - row.refunded_cents - row.charged_back_cents;
      if (amount.currency !== row.currency || amount.cents <= 0 || amount.cents > remaining) {
        throw new PaymentProviderError("The refund is larger than what remains of the payment.", false);
      }
      // Guarded by the amount it read, so two refunds at once cannot both take the remainder.
      const result = await db
        .updateTable("demo_payments")
        .set({ refunded_cents: row.refunded_cents + amount.cents })
        .where("id", "=", paymentId)
        .where("refunded_cents", "=", row.refunded_cents)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw new PaymentProviderError("Another refund changed the payment; try again.", true);
      if (idempotencyKey) {
        await db
          .insertInto("demo_refunds")
          .values({ idempotency_key: idempotencyKey, payment_id: paymentId, cents: amount.cents, created_at: Date.now() })
          .execute();
        return { id: `re_${idempotencyKey}`, amount, status: "refunded" };
      }
      return { id: `re_${paymentId.slice(3)}${row.refunded_cents}`, amount, status: "refunded" };
    },
    paymentIdFromWebhook(body) {
      const id = body.get("id");
      return id && PAYMENT_ID.test(id) ? id : null;
    },
  };
}

/** The hosted checkout's outcome: the new status of an open payment (false when it is no longer open). */
export async function completeDemoPayment(
  db: Db,
  id: string,
  status: "paid" | "failed" | "canceled" | "expired",
): Promise<boolean> {
  const result = await db
    .updateTable("demo_payments")
    .set({ status })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A chargeback by the payer's bank (the development panel and tests). */
export async function chargeBackDemoPayment(db: Db, id: string, cents: number): Promise<void> {
  await db
    .updateTable("demo_payments")
    .set((eb) => ({ charged_back_cents: eb("charged_back_cents", "+", cents) }))
    .where("id", "=", id)
    .execute();
}

/** What the checkout page shows of a payment. */
export function findDemoPayment(db: Db, id: string) {
  return db
    .selectFrom("demo_payments")
    .select(["id", "amount_cents", "currency", "description", "method", "status", "redirect_url", "webhook_url"])
    .where("id", "=", id)
    .executeTakeFirst();
}
