/**
 * Buying credits (issue 12; workers/api/domain/orders.ts) through the demo provider on real D1:
 * prices, methods, orders, the hosted checkout, the webhook and the return page's reconcile.
 * Credits are granted once per payment whatever arrives twice, at once, late or out of order;
 * tampered forms and other members' orders are refused; a provider that is down leaves a
 * retryable order and charges nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LatestOrderAnswerSchema,
  OrderAnswerSchema,
  PaymentMethodsAnswerSchema,
  PricingAnswerSchema,
} from "../../contract/schemas";
import { demoAdapter } from "../../workers/api/adapters/payments/demo";
import { PaymentProviderError, type PaymentAdapter } from "../../workers/api/adapters/payments/types";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { createOrder, findOrder } from "../../workers/api/domain/orders";
import { findSite } from "../../workers/api/lib/site";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);
const db = createDb(env.DB);

let keyCounter = 0;
const newKey = () => `order-key-${Date.now()}-${++keyCounter}-abcdef`;

/** A member past the welcome offer's 48 hours (docs/product.md §10.5), so a package costs its list price. */
async function buyer(options: { credits?: number } = {}) {
  const member = await pastWelcome(await createMember(options));
  return { ...member, cookie: await loginAs(member) };
}

const WELCOME_OVER = Date.now() - 49 * 60 * 60 * 1000;
async function pastWelcome<M extends { id: number }>(member: M): Promise<M> {
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?").bind(WELCOME_OVER, member.id).run();
  return member;
}

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    product: "credits",
    product_id: "250",
    method: "ideal",
    country: "NL",
    key: newKey(),
    expected_cents: 1999,
    expected_currency: "EUR",
    return_to: "/chats/12",
    ...overrides,
  };
}

async function placeOrder(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await call("/api/orders.php", { method: "POST", cookie, json: orderBody(overrides) });
  expect(response.status).toBe(201);
  const { order } = OrderAnswerSchema.parse(await response.json());
  if (!order.mine) throw new Error("the buyer should see their own order");
  return order;
}

async function paymentIdOf(orderId: string): Promise<string> {
  const order = await findOrder(db, orderId);
  if (!order?.provider_payment_id) throw new Error("no payment");
  return order.provider_payment_id;
}

function form(values: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  };
}

const webhook = (id: string) => call("/api/payment_webhook.php", form({ id }));
const checkout = (id: string, outcome: string) => call("/api/demo_checkout.php", form({ id, outcome }));

async function orderAnswer(id: string, cookie?: string) {
  const response = await call(`/api/orders.php?id=${id}`, { cookie });
  expect(response.status).toBe(200);
  return OrderAnswerSchema.parse(await response.json()).order;
}

async function ledgerRows(memberId: number) {
  const { results } = await env.DB.prepare("SELECT amount, reason FROM credit_ledger WHERE member_id = ? ORDER BY id")
    .bind(memberId)
    .all();
  return results;
}

describe("GET /api/pricing.php", () => {
  it("prices the packages for the buyer's country: currency, VAT included and shown", async () => {
    const nl = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=NL")).json());
    expect(nl).toMatchObject({ country: "NL", currency: "EUR", vat_rate: 21 });
    const popular = nl.packages.find((p) => p.id === "250");
    expect(popular).toMatchObject({ credits: 250, highlight: true });
    expect(popular?.quote).toEqual({
      currency: "EUR",
      list_cents: 1999,
      discount_cents: 0,
      amount_cents: 1999,
      vat_rate: 21,
      vat_cents: 347,
    });
    expect(nl.message.credits).toBe(10);
    expect(nl.message.approx_cents).toBe(67); // 10 credits at €39.99 for 600

    const gb = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=GB")).json());
    expect(gb).toMatchObject({ currency: "GBP", vat_rate: 20 });
    const us = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=US")).json());
    expect(us).toMatchObject({ currency: "USD", vat_rate: 0 });
    expect(us.packages[0]?.quote.vat_cents).toBe(0);
  });

  it("uses the member's country when none is asked", async () => {
    const { cookie } = await buyer();
    const answer = PricingAnswerSchema.parse(await (await call("/api/pricing.php", { cookie })).json());
    expect(answer.country).toBe("NL");
  });

  it("refuses a country the site does not sell in, or one that is not a code", async () => {
    for (const country of ["ZZ", "nl", "Netherlands", ""]) {
      const response = await call(`/api/pricing.php?country=${country}`);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: "invalid_input", fields: { country: expect.any(String) } });
    }
  });
});

describe("GET /api/payment_methods.php", () => {
  it("offers the methods of the payer's country, local ones first", async () => {
    const { cookie } = await buyer();
    const ids = async (country: string) => {
      const response = await call(`/api/payment_methods.php?country=${country}&package=100`, { cookie });
      expect(response.status).toBe(200);
      return PaymentMethodsAnswerSchema.parse(await response.json()).methods.map((m) => m.id);
    };
    expect(await ids("NL")).toEqual(["ideal", "creditcard", "paypal"]);
    expect(await ids("BE")).toEqual(["bancontact", "creditcard", "paypal"]);
    expect(await ids("PL")).toEqual(["blik", "przelewy24", "creditcard", "paypal"]);
    expect(await ids("US")).toEqual(["creditcard", "paypal"]);
  });

  it("needs a member, and a package that exists", async () => {
    expect((await call("/api/payment_methods.php?country=NL&package=100")).status).toBe(403);
    const { cookie } = await buyer();
    const response = await call("/api/payment_methods.php?country=NL&package=9999", { cookie });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: "unknown_package" });
  });
});

describe("POST /api/orders.php", () => {
  it("makes an order and a payment, and grants nothing yet", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    expect(order).toMatchObject({ status: "pending", product: "credits", product_id: "250", credits: 250, method: "ideal" });
    expect(order.id).toMatch(/^ord_[a-z2-7]{26}$/);
    expect(order.quote).toMatchObject({ amount_cents: 1999, currency: "EUR", vat_cents: 347 });
    expect(order.checkout_url).toMatch(/^http:\/\/localhost:8787\/api\/demo_checkout\.php\?id=tr_[A-Za-z0-9]+$/);
    expect(order.return_to).toBe("/chats/12");
    expect(await ledger.balance(db, id)).toBe(0);
  });

  it("refuses a tampered form: package, method, price, currency, country, return address, types", async () => {
    const { id, cookie } = await buyer();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ product_id: "999" }, 422, "unknown_package"],
      [{ product_id: "../100" }, 422, "invalid_input"],
      [{ method: "bancontact" }, 422, "payment_method_unavailable"],
      [{ method: "bitcoin" }, 422, "payment_method_unavailable"],
      [{ expected_cents: 1 }, 409, "price_changed"],
      [{ expected_currency: "USD" }, 409, "price_changed"],
      [{ country: "ZZ" }, 422, "invalid_input"],
      [{ return_to: "//evil.example/x" }, 422, "invalid_input"],
      [{ return_to: "https://evil.example" }, 422, "invalid_input"],
      [{ expected_cents: "lots" }, 422, "invalid_input"],
      [{ key: "short" }, 422, "invalid_input"],
      [{ product: "gold" }, 422, "invalid_input"],
    ];
    for (const [overrides, status, error] of cases) {
      const response = await call("/api/orders.php", { method: "POST", cookie, json: orderBody(overrides) });
      expect({ overrides, status: response.status }).toEqual({ overrides, status });
      expect(await response.json()).toMatchObject({ error });
    }
    const { results } = await env.DB.prepare("SELECT id FROM orders WHERE member_id = ?").bind(id).all();
    expect(results).toEqual([]);
  });

  it("needs a member", async () => {
    const response = await call("/api/orders.php", { method: "POST", json: orderBody() });
    expect(response.status).toBe(403);
  });

  it("makes one order and one payment for a double click (the same key, at the same moment)", async () => {
    const { id, cookie } = await buyer();
    const body = orderBody();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call("/api/orders.php", { method: "POST", cookie, json: body })),
    );
    const orders = await Promise.all(answers.map(async (r) => OrderAnswerSchema.parse(await r.json()).order));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE member_id = ?").bind(id).all();
    expect(results).toEqual([{ n: 1 }]);
    const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM demo_payments WHERE idempotency_key = ?")
      .bind(orders[0]?.id)
      .first();
    expect(payments).toEqual({ n: 1 });
  });
});

describe("the demo checkout and the webhook", () => {
  it("pays: the checkout calls the webhook with the id, credits are granted once, the browser goes back", async () => {
    const { id, cookie } = await buyer({ credits: 5 });
    const order = await placeOrder(cookie);
    const paymentId = await paymentIdOf(order.id);

    const page = await call(`/api/demo_checkout.php?id=${paymentId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("€19.99");
    expect(html).toContain('value="paid"');

    const done = await checkout(paymentId, "paid");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`http://localhost:8787/transactions/${order.id}`);

    const after = await orderAnswer(order.id, cookie);
    expect(after).toMatchObject({ mine: true, status: "paid", balance: 255, checkout_url: null });
    expect(await ledgerRows(id)).toEqual([
      { amount: 5, reason: "test" },
      { amount: 250, reason: "purchase" },
    ]);
    // One receipt, with the VAT line and the company's numbers.
    const { results: receipts } = await env.DB.prepare(
      "SELECT subject, text FROM mail_outbox WHERE member_id = ? AND kind = 'receipt'",
    )
      .bind(id)
      .all<{ subject: string; text: string }>();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Your receipt from Amora (${order.id})`);
    for (const line of [
      "Item: 250 credits",
      "Price without VAT: €16.52",
      "VAT 21%: €3.47",
      "Total paid: €19.99",
      "Paid with: iDEAL | Wero",
      "Chamber of Commerce no. 12345678",
      "VAT no. NL000099998B57",
      `http://localhost:8787/transactions/${order.id}`,
    ]) {
      expect(receipts[0]?.text).toContain(line);
    }
    // The checkout of a settled payment offers nothing more to choose.
    expect(await (await call(`/api/demo_checkout.php?id=${paymentId}`)).text()).toContain("This payment is paid.");
  });

  it("grants once when the webhook arrives many times at once, and again after the return page", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie, { product_id: "100", expected_cents: 999 });
    const paymentId = await paymentIdOf(order.id);
    await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?").bind(paymentId).run();

    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => webhook(paymentId)),
      call(`/api/orders.php?id=${order.id}`, { cookie }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await ledger.balance(db, id)).toBe(100);
    expect(await ledgerRows(id)).toEqual([{ amount: 100, reason: "purchase" }]);
    const events = await env.DB.prepare("SELECT event FROM order_events WHERE order_id = ? AND event = 'paid'")
      .bind(order.id)
      .all();
    expect(events.results).toHaveLength(1);
    const receipts = await env.DB.prepare("SELECT id FROM mail_outbox WHERE member_id = ? AND kind = 'receipt'").bind(id).all();
    expect(receipts.results).toHaveLength(1);
  });

  it("settles on the return page when the webhook never came (reconcile asks the provider)", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    expect((await orderAnswer(order.id, cookie)).status).toBe("pending");
    await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?")
      .bind(await paymentIdOf(order.id))
      .run();
    expect(await orderAnswer(order.id, cookie)).toMatchObject({ status: "paid", balance: 250 });
    expect(await ledger.balance(db, id)).toBe(250);
  });

  it.each(["failed", "canceled", "expired"])("a %s payment grants nothing and says so", async (outcome) => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    expect((await checkout(await paymentIdOf(order.id), outcome)).status).toBe(303);
    expect(await orderAnswer(order.id, cookie)).toMatchObject({ status: outcome, checkout_url: null });
    expect(await ledger.balance(db, id)).toBe(0);
  });

  it("never downgrades a paid order: a late 'failed' cannot take the credits back", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    const paymentId = await paymentIdOf(order.id);
    await checkout(paymentId, "paid");
    await env.DB.prepare("UPDATE demo_payments SET status = 'failed' WHERE id = ?").bind(paymentId).run();
    await webhook(paymentId);
    expect(await orderAnswer(order.id, cookie)).toMatchObject({ status: "paid", balance: 250 });
    expect(await ledger.balance(db, id)).toBe(250);
  });

  it("grants nothing when the provider's amount or currency is not the order's (kept for review)", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    const paymentId = await paymentIdOf(order.id);
    await env.DB.prepare("UPDATE demo_payments SET amount_cents = 1, status = 'paid' WHERE id = ?").bind(paymentId).run();
    expect((await webhook(paymentId)).status).toBe(200);
    expect((await findOrder(db, order.id))?.status).toBe("review");
    expect(await ledger.balance(db, id)).toBe(0);
  });

  it("refunds instead of granting when the member deleted the account before paying", async () => {
    const { id, cookie } = await buyer();
    const order = await placeOrder(cookie);
    const paymentId = await paymentIdOf(order.id);
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(id).run();
    await checkout(paymentId, "paid");
    await webhook(paymentId);
    expect((await findOrder(db, order.id))?.status).toBe("refunded");
    expect(await ledger.balance(db, id)).toBe(0);
    const payment = await env.DB.prepare("SELECT refunded_cents FROM demo_payments WHERE id = ?").bind(paymentId).first();
    expect(payment).toEqual({ refunded_cents: 1999 });
  });

  it("answers an unknown payment id like a known one, and refuses a call without one", async () => {
    expect((await webhook("tr_doesnotexist")).status).toBe(200);
    const bodies: Record<string, string>[] = [{}, { id: "" }, { id: "'; DROP TABLE orders; --" }];
    for (const body of bodies) {
      const response = await call("/api/payment_webhook.php", form(body));
      expect(response.status).toBe(422);
    }
  });

  it("does not open the demo checkout on a public host", async () => {
    const { cookie } = await buyer();
    const order = await placeOrder(cookie);
    const response = await call(`/api/demo_checkout.php?id=${await paymentIdOf(order.id)}`, { host: "amora.example" });
    expect(response.status).toBe(404);
  });

  it("refuses a refund larger than the payment", async () => {
    const { cookie } = await buyer();
    const order = await placeOrder(cookie);
    const paymentId = await paymentIdOf(order.id);
    await checkout(paymentId, "paid");
    const adapter = demoAdapter(db);
    await expect(adapter.refund(paymentId, { cents: 2000, currency: "EUR" }, "too much")).rejects.toThrow(PaymentProviderError);
    await expect(adapter.refund(paymentId, { cents: 999, currency: "EUR" }, "part")).resolves.toMatchObject({
      status: "refunded",
    });
    await expect(adapter.refund(paymentId, { cents: 1001, currency: "EUR" }, "the rest and a cent")).rejects.toThrow(
      PaymentProviderError,
    );
  });
});

describe("GET /api/orders.php", () => {
  it("shows another member, a visitor and another site only the state, or nothing", async () => {
    const { cookie } = await buyer();
    const order = await placeOrder(cookie);
    const other = await buyer();
    expect(await orderAnswer(order.id, other.cookie)).toEqual({ id: order.id, mine: false, status: "pending" });
    expect(await orderAnswer(order.id)).toEqual({ id: order.id, mine: false, status: "pending" });
    expect((await call(`/api/orders.php?id=${order.id}`, { host: "127.0.0.1:8787" })).status).toBe(404);
    expect((await call("/api/orders.php?id=ord_aaaaaaaaaaaaaaaaaaaaaaaaaa")).status).toBe(404);
    expect((await call("/api/orders.php?id=1")).status).toBe(422);
  });

  it("names the member's last paid package and method (repeat order)", async () => {
    const { cookie } = await buyer();
    const empty = LatestOrderAnswerSchema.parse(await (await call("/api/orders.php?latest=credits", { cookie })).json());
    expect(empty.order).toBeNull();
    const order = await placeOrder(cookie, { product_id: "100", expected_cents: 999, method: "paypal" });
    await checkout(await paymentIdOf(order.id), "paid");
    const latest = LatestOrderAnswerSchema.parse(await (await call("/api/orders.php?latest=credits", { cookie })).json());
    expect(latest.order).toEqual({ product_id: "100", method: "paypal", country: "NL" });
    expect((await call("/api/orders.php?latest=credits")).status).toBe(403);
  });
});

describe("a provider that is down at create", () => {
  it("leaves no half-made order: the order says error, nothing is charged, the same key tries again", async () => {
    const { id } = await pastWelcome(await createMember());
    const site = await findSite(db, "localhost");
    const demo = demoAdapter(db);
    let down = true;
    const flaky: PaymentAdapter = {
      ...demo,
      async createPayment(input) {
        if (down) throw new PaymentProviderError("Mollie answered 503", true);
        return demo.createPayment(input);
      },
    };
    const deps = { d1: env.DB, db, adapter: flaky };
    const input = {
      site,
      buyer: { id, signup_date: WELCOME_OVER, name: "Tess", email: null },
      body: { ...orderBody(), product: "credits" as const, expected_cents: 1999, code: undefined },
      locale: "en",
      origin: "http://localhost:8787",
    };
    // A domain refusal; index.ts answers it 503 (lib/domain-error-status.ts).
    await expect(createOrder(deps, input)).rejects.toMatchObject({ name: "DomainError", code: "payment_unavailable" });
    const failed = await env.DB.prepare("SELECT status, checkout_url FROM orders WHERE member_id = ?").bind(id).first();
    expect(failed).toEqual({ status: "error", checkout_url: null });

    down = false;
    const order = await createOrder(deps, input);
    expect(order.status).toBe("open");
    expect(order.checkout_url).toContain("/api/demo_checkout.php?id=tr_");
    const { results } = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE member_id = ?").bind(id).all();
    expect(results).toEqual([{ n: 1 }]);
  });
});
