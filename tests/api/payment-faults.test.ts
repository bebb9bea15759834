/**
 * Faults in the middle of a payment (issue 17; docs/decisions/018-payments.md): the API's fault
 * switch (workers/api/lib/faults.ts) makes the provider's webhook call fail before it does
 * anything, after it granted (the answer lost), half way (granted, receipt not yet queued), or
 * answer past the provider's timeout. The provider delivers again, as Mollie does for any answer
 * that is not 2xx, sometimes while the first call still runs: the credits are granted once and
 * one receipt goes out. The buy form's retry after a lost answer makes one order and one payment.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

let counter = 0;
/** Each test is its own provider address, so the faults it sets reach only its own webhook calls. */
const providerIp = () => `198.51.100.${140 + (++counter % 50)}`;

function orderBody(key: string) {
  return {
    product: "credits",
    product_id: "250",
    method: "ideal",
    country: "NL",
    key,
    expected_cents: 1999,
    expected_currency: "EUR",
  };
}

/** A member past the welcome offer's 48 hours (docs/product.md §10.5), so a package costs its list price. */
async function pastWelcome<M extends { id: number }>(member: M): Promise<M> {
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
    .bind(Date.now() - 49 * 60 * 60 * 1000, member.id)
    .run();
  return member;
}

async function paidOrder() {
  const member = await pastWelcome(await createMember({ credits: 5 }));
  const cookie = await loginAs(member);
  const response = await call("/api/orders.php", {
    method: "POST",
    cookie,
    json: orderBody(`pay-fault-${Date.now()}-${++counter}`),
  });
  expect(response.status).toBe(201);
  const { order } = OrderAnswerSchema.parse(await response.json());
  const row = await env.DB.prepare("SELECT provider_payment_id AS id FROM orders WHERE id = ?")
    .bind(order.id)
    .first<{ id: string }>();
  if (!row) throw new Error("no payment");
  // The payer paid at the provider; its webhook call is next.
  await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?").bind(row.id).run();
  return { member, cookie, orderId: order.id, paymentId: row.id };
}

const fromProvider = (ip: string) => ({ "x-client-ip": ip, "content-type": "application/x-www-form-urlencoded" });

function webhook(paymentId: string, ip: string) {
  return call("/api/payment_webhook.php", { method: "POST", headers: fromProvider(ip), body: `id=${paymentId}` });
}

function failWebhook(ip: string, mode: string, extra: Record<string, unknown> = {}) {
  return call("/api/dev/fault.php", {
    method: "POST",
    headers: { "x-client-ip": ip },
    json: { method: "POST", path: "/api/payment_webhook.php", mode, ...extra },
  });
}

/** The provider: delivers the webhook until it is answered 2xx (Mollie tries up to 10 times). */
async function deliverUntilAccepted(paymentId: string, ip: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await webhook(paymentId, ip);
    statuses.push(answer.status);
    if (answer.ok) break;
  }
  return statuses;
}

async function outcome(memberId: number, orderId: string) {
  const ledger = await env.DB.prepare("SELECT amount, reason FROM credit_ledger WHERE member_id = ? ORDER BY id")
    .bind(memberId)
    .all();
  const receipts = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE member_id = ? AND kind = 'receipt'")
    .bind(memberId)
    .first<{ n: number }>();
  const order = await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>();
  return { ledger: ledger.results, receipts: receipts?.n, status: order?.status };
}

const grantedOnce = {
  ledger: [
    { amount: 5, reason: "test" },
    { amount: 250, reason: "purchase" },
  ],
  receipts: 1,
  status: "paid",
};

describe("the provider's webhook call fails mid-way, and the provider delivers it again", () => {
  it.each([
    ["error", "failed before doing anything"],
    ["error_after", "granted, but its answer was lost"],
    ["error_midway", "granted, but stopped before the receipt"],
  ])("%s (%s): granted once, one receipt", async (mode) => {
    const { member, orderId, paymentId } = await paidOrder();
    const ip = providerIp();
    expect((await failWebhook(ip, mode)).status).toBe(200);
    expect(await deliverUntilAccepted(paymentId, ip)).toEqual([mode === "error_midway" ? 503 : 500, 200]);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
    // A late extra delivery changes nothing.
    expect((await webhook(paymentId, ip)).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  });

  it("a call that stopped half way is what the redelivery completes (the receipt was missing until then)", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    const ip = providerIp();
    await failWebhook(ip, "error_midway");
    expect((await webhook(paymentId, ip)).status).toBe(503);
    expect(await outcome(member.id, orderId)).toEqual({ ...grantedOnce, receipts: 0 });
    expect((await webhook(paymentId, ip)).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  });

  it("slow past the provider's timeout: the provider's retry runs beside the first call; granted once", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    const ip = providerIp();
    await failWebhook(ip, "slow", { delay_ms: 1500 });
    const first = webhook(paymentId, ip); // the provider stops waiting for this one...
    const retries = await Promise.all([webhook(paymentId, ip), webhook(paymentId, ip)]); // ...and delivers again
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    expect((await first).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  }, 20_000);

  it("concurrent duplicate deliveries, some of them failing half way, then the provider's retries: granted once", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    const ip = providerIp();
    await failWebhook(ip, "error_midway", { times: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => webhook(paymentId, ip)));
    expect(answers.filter((a) => !a.ok)).toHaveLength(3);
    expect((await deliverUntilAccepted(paymentId, ip)).at(-1)).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  });

  it("down while the member comes back: the return page fails clearly, then settles once; the late webhook adds nothing", async () => {
    const { member, cookie, orderId, paymentId } = await paidOrder();
    // The webhook never got through (the API was down). The member's return page fails too...
    await call("/api/dev/fault.php", { method: "POST", cookie, json: { method: "GET", path: "/api/orders.php", mode: "error" } });
    expect((await call(`/api/orders.php?id=${orderId}`, { cookie })).status).toBe(500);
    expect(await outcome(member.id, orderId)).toMatchObject({ ledger: [{ amount: 5, reason: "test" }], status: "open" });
    // ...and its retry asks the provider and settles.
    const retry = await call(`/api/orders.php?id=${orderId}`, { cookie });
    expect(OrderAnswerSchema.parse(await retry.json()).order).toMatchObject({ status: "paid", balance: 255 });
    // The provider's redelivery, once the API is back, finds it paid.
    expect(await deliverUntilAccepted(paymentId, providerIp())).toEqual([200]);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  });
});

describe("an order paid before the receipt event existed (migration 0023, docs/decisions/037)", () => {
  /** Migration 0023 as the test setup read it from workers/api/migrations/ (vitest.api.config.ts). */
  async function runReceiptMigration() {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0023_"));
    if (!migration) throw new Error("migration 0023 not found");
    await env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)));
  }

  /** Paid, its receipt sent, and (as before receipt events) nothing that says so. */
  async function paidBeforeReceiptEvents() {
    const paid = await paidOrder();
    expect((await webhook(paid.paymentId, providerIp())).status).toBe(200);
    expect(await outcome(paid.member.id, paid.orderId)).toEqual(grantedOnce);
    await env.DB.prepare("DELETE FROM order_events WHERE order_id = ? AND event = 'receipt'").bind(paid.orderId).run();
    return paid;
  }

  async function receiptEvents(orderId: string) {
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND event = 'receipt'")
      .bind(orderId)
      .first<{ n: number }>();
    return row?.n;
  }

  it("without the migration, a redelivered webhook sends its receipt a second time (the risk)", async () => {
    const { member, orderId, paymentId } = await paidBeforeReceiptEvents();
    expect((await webhook(paymentId, providerIp())).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual({ ...grantedOnce, receipts: 2 });
  });

  it("after the migration (run twice: it is idempotent), a redelivered webhook sends none", async () => {
    const { member, orderId, paymentId } = await paidBeforeReceiptEvents();
    await runReceiptMigration();
    await runReceiptMigration();
    expect(await receiptEvents(orderId)).toBe(1);
    expect((await webhook(paymentId, providerIp())).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
    expect(await receiptEvents(orderId)).toBe(1);
  });

  it("leaves an order not yet paid alone: its receipt goes out when it is paid", async () => {
    const { member, orderId, paymentId } = await paidOrder(); // paid at the provider, webhook not yet here
    await runReceiptMigration();
    expect(await receiptEvents(orderId)).toBe(0);
    expect((await webhook(paymentId, providerIp())).status).toBe(200);
    expect(await outcome(member.id, orderId)).toEqual(grantedOnce);
  });
});

describe("the buy form sent again after a lost answer", () => {
  it.each(["error_after", "slow"])("%s: the same key finds the first order; one order, one payment", async (mode) => {
    const member = await pastWelcome(await createMember());
    const cookie = await loginAs(member);
    const body = orderBody(`pay-fault-form-${mode}-${Date.now()}`);
    await call("/api/dev/fault.php", {
      method: "POST",
      cookie,
      json: { method: "POST", path: "/api/orders.php", mode, delay_ms: 1000 },
    });
    const first = call("/api/orders.php", { method: "POST", cookie, json: body });
    if (mode === "error_after") expect((await first).status).toBe(500);
    // The app gave up waiting (or showed the failure); the member presses Buy again.
    const again = await call("/api/orders.php", { method: "POST", cookie, json: body });
    expect(again.status).toBe(201);
    await first;
    const orders = await env.DB.prepare("SELECT id FROM orders WHERE member_id = ?").bind(member.id).all<{ id: string }>();
    expect(orders.results).toHaveLength(1);
    const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM demo_payments WHERE idempotency_key = ?")
      .bind(orders.results[0]?.id)
      .first();
    expect(payments).toEqual({ n: 1 });
    expect(OrderAnswerSchema.parse(await again.json()).order.id).toBe(orders.results[0]?.id);
  });
});
