/// <reference types="node" />
// The Mollie adapter against a local fake of Mollie's v2 API (tests/fakes/mollie.ts), in Node.
// The fake itself is first held to Mollie's real shapes by Mollie's own Node client
// (@mollie/api-client): what that client can read, Mollie answers too.
import { readFileSync } from "node:fs";
import { createMollieClient, Locale, type MollieClient, MollieApiError, PaymentMethod } from "@mollie/api-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeMollie, startFakeMollie } from "../../../../tests/fakes/mollie";
import { centsToValue, currencyDecimals, mollieAdapter, valueToCents } from "./mollie";
import { type CreatePaymentInput, type PaymentAdapter, PaymentProviderError } from "./types";

const API_KEY = "test_FakeMollieKey0123456789abcdefgh";

function order(orderId: string, cents = 1000, currency = "EUR"): CreatePaymentInput {
  return {
    orderId,
    amount: { cents, currency },
    description: `Credits, order ${orderId}`,
    method: "ideal",
    redirectUrl: `https://dating.example/transactions/${orderId}`,
    webhookUrl: "https://dating.example/api/payments/webhook",
    locale: "nl_NL",
    metadata: { memberId: "42" },
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("cents ↔ Mollie's decimal strings", () => {
  it.each([
    [999, "EUR", "9.99"],
    [1000, "EUR", "10.00"],
    [5, "EUR", "0.05"],
    [0, "GBP", "0.00"],
    [123456789, "PLN", "1234567.89"],
    [1000, "JPY", "1000"],
    [7, "ISK", "7"],
  ])("%i %s is %s, and back", (cents, currency, value) => {
    expect(centsToValue(cents, currency)).toBe(value);
    expect(valueToCents(value, currency)).toBe(cents);
  });

  it("knows which currencies have no decimals", () => {
    expect([currencyDecimals("EUR"), currencyDecimals("CHF"), currencyDecimals("JPY")]).toEqual([2, 2, 0]);
    expect(() => currencyDecimals("eur")).toThrow(RangeError);
  });

  it.each(["10.5", "10", "10.000", "1e3", "-1.00", " 1.00", "1,00", "", ".50", "0x10.00"])(
    "refuses the EUR value %j",
    (value) => {
      expect(() => valueToCents(value, "EUR")).toThrow(RangeError);
    },
  );

  it("refuses decimals on a zero-decimal currency, and amounts that are not whole cents", () => {
    expect(() => valueToCents("1000.00", "JPY")).toThrow(RangeError);
    expect(() => valueToCents("99999999999999999.00", "EUR")).toThrow(RangeError);
    for (const cents of [9.5, -1, Number.NaN, 2 ** 53]) expect(() => centsToValue(cents, "EUR")).toThrow(RangeError);
  });
});

describe("the fake, through Mollie's own client", () => {
  let fake: FakeMollie;
  let client: MollieClient;

  beforeAll(async () => {
    // The client sends everything through an https.Agent that trusts only its own CA bundle, so
    // the fake serves HTTPS with a self-signed certificate, which this file alone accepts.
    vi.stubEnv("NODE_TLS_REJECT_UNAUTHORIZED", "0");
    const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/tls/${name}`, import.meta.url), "utf8");
    fake = await startFakeMollie({ tls: { key: fixture("localhost-key.pem"), cert: fixture("localhost-cert.pem") } });
    client = createMollieClient({ apiKey: API_KEY, apiEndpoint: fake.url });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await fake?.close();
  });

  it("creates, gets, pays and refunds a payment", async () => {
    const created = await client.payments.create({
      amount: { currency: "EUR", value: "10.00" },
      description: "Credits",
      redirectUrl: "https://dating.example/transactions/o1",
      webhookUrl: "https://dating.example/api/payments/webhook",
      method: PaymentMethod.ideal,
      metadata: { orderId: "o1" },
    });
    expect(created.id).toMatch(/^tr_[A-Za-z0-9]+$/);
    expect(created.status).toBe("open");
    expect(created.getCheckoutUrl()).toMatch(/^https:\/\//);
    expect(created.metadata).toEqual({ orderId: "o1" });
    expect(fake.calls.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

    const fetched = await client.payments.get(created.id);
    expect(fetched).toMatchObject({ id: created.id, amount: { currency: "EUR", value: "10.00" }, method: "ideal", mode: "test" });
    expect(fetched.isRefundable()).toBe(false);

    fake.setStatus(created.id, "paid");
    const paid = await client.payments.get(created.id);
    expect(paid.status).toBe("paid");
    expect(paid.isRefundable()).toBe(true);
    expect(paid.getCheckoutUrl()).toBeNull();
    expect(paid.amountRemaining).toEqual({ currency: "EUR", value: "10.00" });

    const refund = await client.paymentRefunds.create({
      paymentId: created.id,
      amount: { currency: "EUR", value: "2.50" },
      description: "Part back",
    });
    expect(refund.id).toMatch(/^re_/);
    expect(refund).toMatchObject({ resource: "refund", paymentId: created.id, status: "pending", amount: { value: "2.50" } });
    const after = await client.payments.get(created.id);
    expect([after.amountRefunded?.value, after.amountRemaining?.value]).toEqual(["2.50", "7.50"]);
    expect(after.hasRefunds()).toBe(true);
    const refunds = await client.paymentRefunds.page({ paymentId: created.id });
    expect(refunds.map((r) => r.id)).toEqual([refund.id]);
  });

  it("answers unknown payments and bad input with problem JSON the client reads", async () => {
    const missing = await rejection(client.payments.get("tr_doesNotExist"));
    expect(missing).toBeInstanceOf(MollieApiError);
    expect(missing).toMatchObject({ statusCode: 404, title: "Not Found" });

    const bad = await rejection(
      client.payments.create({
        amount: { currency: "EUR", value: "10" },
        description: "x",
        redirectUrl: "https://dating.example/",
      }),
    );
    expect(bad).toMatchObject({ statusCode: 422, field: "amount.value" });

    const wrongKey = createMollieClient({ apiKey: "live_notForTheFake", apiEndpoint: fake.url });
    expect(await rejection(wrongKey.payments.get("tr_x"))).toMatchObject({ statusCode: 401 });
  });

  it("lists the methods of a country", async () => {
    const methods = await client.methods.list({
      billingCountry: "NL",
      amount: { value: "10.00", currency: "EUR" },
      locale: Locale.nl_NL,
    });
    expect(methods.map((method) => [method.id, method.description])).toEqual([
      ["ideal", "iDEAL | Wero"],
      ["creditcard", "Card"],
      ["paypal", "PayPal"],
    ]);
    expect(methods[0]?.getImage()).toMatch(/^https:\/\//);
    expect(fake.calls.at(-1)?.query.get("amount[value]")).toBe("10.00");
  });
});

describe("the Mollie adapter, against the fake", () => {
  let fake: FakeMollie;
  let mollie: PaymentAdapter;

  beforeAll(async () => {
    fake = await startFakeMollie();
  });
  beforeEach(() => {
    mollie = mollieAdapter({ apiKey: API_KEY, baseUrl: fake.url });
  });
  afterAll(() => fake?.close());

  it("(the fake takes a form-encoded create too, as Mollie does)", async () => {
    const response = await fetch(`${fake.url}/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${API_KEY}`, "content-type": "application/x-www-form-urlencoded" },
      body: "amount%5Bcurrency%5D=EUR&amount%5Bvalue%5D=5.00&description=Form&redirectUrl=https%3A%2F%2Fdating.example%2F",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      resource: "payment",
      amount: { currency: "EUR", value: "5.00" },
      description: "Form",
    });
  });

  it("creates a payment: amount, checkout, metadata, idempotency key", async () => {
    const payment = await mollie.createPayment(order("ord_create", 1999));
    expect(payment).toMatchObject({
      status: "open",
      amount: { cents: 1999, currency: "EUR" },
      refunded: { cents: 0, currency: "EUR" },
      chargedBack: { cents: 0, currency: "EUR" },
      method: "ideal",
      metadata: { memberId: "42", orderId: "ord_create" },
    });
    expect(payment.checkoutUrl).toMatch(/^https:\/\/www\.mollie\.com\//);
    const call = fake.calls.at(-1);
    expect(call?.headers["idempotency-key"]).toBe("ord_create");
    expect(call?.body).toMatchObject({ amount: { currency: "EUR", value: "19.99" }, locale: "nl_NL", method: "ideal" });
  });

  it("sends zero-decimal currencies without decimals", async () => {
    const payment = await mollie.createPayment({ ...order("ord_yen", 1500, "JPY"), method: "creditcard" });
    expect(fake.calls.at(-1)?.body).toMatchObject({ amount: { currency: "JPY", value: "1500" } });
    expect(payment.amount).toEqual({ cents: 1500, currency: "JPY" });
  });

  it("makes one payment for one order, however often it is asked", async () => {
    const first = await mollie.createPayment(order("ord_twice"));
    const second = await mollie.createPayment(order("ord_twice"));
    expect(second.id).toBe(first.id);
    expect([...fake.payments.values()].filter((p) => p.description === "Credits, order ord_twice")).toHaveLength(1);
  });

  it("makes a customer, a first payment for its mandate, then a recurring one without the payer", async () => {
    const customer = await mollie.createCustomer({ name: "Tess", email: "tess@example.com", memberId: 7 });
    expect(customer.id).toMatch(/^cst_/);
    expect(fake.calls.at(-1)?.headers["idempotency-key"]).toBe("customer:7");
    // No mandate yet: a recurring payment is refused, not retryable.
    const recurring = {
      ...order("ord_renew1"),
      method: undefined,
      redirectUrl: undefined,
      sequenceType: "recurring" as const,
      customerId: customer.id,
    };
    await expect(mollie.createPayment(recurring)).rejects.toMatchObject({ retryable: false });
    const first = await mollie.createPayment({ ...order("ord_first"), sequenceType: "first", customerId: customer.id });
    expect(fake.calls.at(-1)?.body).toMatchObject({ sequenceType: "first", customerId: customer.id });
    fake.setStatus(first.id, "paid");
    const renewal = await mollie.createPayment({ ...recurring, orderId: "ord_renew2" });
    expect(renewal).toMatchObject({ status: "pending", checkoutUrl: null });
    expect(fake.calls.at(-1)?.body).not.toHaveProperty("redirectUrl");
  });

  it("gets a payment, and follows its state", async () => {
    const { id } = await mollie.createPayment(order("ord_get"));
    expect(await mollie.getPayment(id)).toMatchObject({ id, status: "open" });
    fake.setStatus(id, "paid");
    expect(await mollie.getPayment(id)).toMatchObject({ id, status: "paid", checkoutUrl: null });
    fake.setStatus(id, "failed");
    expect((await mollie.getPayment(id))?.status).toBe("failed");
  });

  it("answers null for an unknown payment, and for a malformed id without asking Mollie", async () => {
    expect(await mollie.getPayment("tr_unknown123")).toBeNull();
    const before = fake.calls.length;
    for (const id of ["", "tr_", "re_abc", "tr_abc/../../methods", "tr_abc?x=1", "../tr_abc"])
      expect(await mollie.getPayment(id)).toBeNull();
    expect(fake.calls.length).toBe(before);
  });

  it("refunds part of a paid payment, and refuses more than is left", async () => {
    const { id } = await mollie.createPayment(order("ord_refund", 1000));
    fake.setStatus(id, "paid");
    const refund = await mollie.refund(id, { cents: 250, currency: "EUR" }, "Part back");
    expect(refund).toMatchObject({ amount: { cents: 250, currency: "EUR" }, status: "pending" });
    expect(refund.id).toMatch(/^re_/);
    expect(fake.calls.at(-1)?.body).toEqual({ amount: { currency: "EUR", value: "2.50" }, description: "Part back" });
    expect((await mollie.getPayment(id))?.refunded).toEqual({ cents: 250, currency: "EUR" });

    const tooMuch = await rejection(mollie.refund(id, { cents: 751, currency: "EUR" }, "Too much"));
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect(tooMuch).toMatchObject({ retryable: false, message: expect.stringContaining("422") });
    expect((tooMuch as Error).message).toContain("higher than the remaining amount");
  });

  it("refuses to refund a payment that is not paid", async () => {
    const { id } = await mollie.createPayment(order("ord_unpaid"));
    expect(await rejection(mollie.refund(id, { cents: 100, currency: "EUR" }, "No"))).toMatchObject({ retryable: false });
  });

  it("shows what was charged back", async () => {
    const { id } = await mollie.createPayment(order("ord_chargeback", 1000));
    fake.setStatus(id, "paid");
    fake.chargeback(id, 1000);
    expect((await mollie.getPayment(id))?.chargedBack).toEqual({ cents: 1000, currency: "EUR" });
  });

  it.each([
    ["NL", "EUR", ["ideal", "creditcard", "paypal"]],
    ["BE", "EUR", ["bancontact", "creditcard", "paypal"]],
    ["PL", "PLN", ["blik", "przelewy24", "creditcard", "paypal"]],
    ["AT", "EUR", ["eps", "creditcard", "paypal"]],
    ["de", "EUR", ["creditcard", "paypal"]],
  ])("lists the methods in %s (%s)", async (country, currency, ids) => {
    const methods = await mollie.listMethods({ country, amount: { cents: 1000, currency }, locale: "en_US" });
    expect(methods.map((method) => method.id)).toEqual(ids);
    expect(methods.every((method) => method.description !== "")).toBe(true);
    const query = fake.calls.at(-1)?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      "amount[value]": "10.00",
      "amount[currency]": currency,
      billingCountry: country.toUpperCase(),
      locale: "en_US",
      sequenceType: "oneoff",
    });
  });

  it("reads the payment id of a webhook call", () => {
    expect(mollie.paymentIdFromWebhook(new URLSearchParams("id=tr_WDqYK6vllg"))).toBe("tr_WDqYK6vllg");
    for (const body of ["", "id=", "payment=tr_abc", "id=re_abc", "id=tr_abc%2F..", "id=tr_ab c", "id=<script>"])
      expect(mollie.paymentIdFromWebhook(new URLSearchParams(body))).toBeNull();
  });

  it("gives a retryable error when Mollie is unavailable, and works again after", async () => {
    fake.failNext("503");
    const error = await rejection(mollie.createPayment(order("ord_503")));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: true, message: expect.stringContaining("503") });
    expect((await mollie.createPayment(order("ord_503"))).status).toBe("open");
  });

  it("gives up after its timeout, with a retryable error", async () => {
    fake.failNext("hang");
    const impatient = mollieAdapter({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 200 });
    const started = Date.now();
    const error = await rejection(impatient.getPayment("tr_hangs"));
    expect(error).toMatchObject({ name: "PaymentProviderError", retryable: true, message: expect.stringContaining("200 ms") });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives a retryable error when Mollie cannot be reached", async () => {
    const nowhere = mollieAdapter({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:9/v2" });
    expect(await rejection(nowhere.getPayment("tr_abc"))).toMatchObject({ retryable: true });
  });

  it("says when the key is missing, without calling Mollie", async () => {
    const before = fake.calls.length;
    const error = await rejection(mollieAdapter({ apiKey: undefined, baseUrl: fake.url }).createPayment(order("ord_nokey")));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ retryable: false, message: "MOLLIE_API_KEY is not set (wrangler secret put MOLLIE_API_KEY)" });
    expect(fake.calls.length).toBe(before);
  });

  it("never puts the key in an error message", async () => {
    const wrongKey = "live_SecretThatMustNotLeak1234567890";
    const errors = [
      await rejection(mollieAdapter({ apiKey: wrongKey, baseUrl: fake.url }).createPayment(order("ord_leak"))),
      // A (misbehaving) server that echoes the key back in its problem detail.
      await rejection(
        mollieAdapter({
          apiKey: wrongKey,
          fetcher: async (_input, init) =>
            Response.json(
              { status: 401, title: "Unauthorized", detail: `Bad key ${new Headers(init?.headers).get("authorization")}` },
              { status: 401 },
            ),
        }).getPayment("tr_abc"),
      ),
    ];
    for (const error of errors) {
      expect(error).toMatchObject({ name: "PaymentProviderError", retryable: false, message: expect.stringContaining("401") });
      expect(String((error as Error).message)).not.toContain("SecretThatMustNotLeak");
    }
  });

  it("reads an answer it does not understand as an error, not as a payment", async () => {
    const odd = mollieAdapter({
      apiKey: API_KEY,
      fetcher: async () => Response.json({ resource: "payment", id: "tr_abc", status: "weird" }),
    });
    expect(await rejection(odd.getPayment("tr_abc"))).toMatchObject({ name: "PaymentProviderError", retryable: false });
  });
});
