/// <reference types="node" />
/**
 * A fake of Mollie's v2 API in test mode: payments, refunds and methods in Mollie's JSON shapes
 * (https://docs.mollie.com/reference/create-payment, get-payment, create-refund, list-methods),
 * held to them by Mollie's own Node client (workers/api/adapters/payments/mollie.test.ts). State
 * lives in memory; hooks play the world's side: a payer pays (setStatus), a bank charges back
 * (chargeback), Mollie fails or hangs (failNext). `calls` records every request.
 *
 * Plain HTTP by default. With `tls` it serves HTTPS: @mollie/api-client sends every request
 * through an https.Agent, so it cannot speak plain HTTP at all.
 */
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

export type FakeStatus = "open" | "pending" | "authorized" | "paid" | "canceled" | "expired" | "failed";
export type MollieAmount = { currency: string; value: string };
export type FakeRefund = { id: string; amount: MollieAmount; description: string; createdAt: string };
export type FakeCall = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: unknown };
export interface FakePayment {
  id: string;
  createdAt: string;
  amount: MollieAmount;
  description: string;
  method: string | null;
  metadata: unknown;
  status: FakeStatus;
  /** When the status last changed: paidAt, canceledAt, … in the JSON. */
  changedAt: string;
  locale?: string;
  redirectUrl: string;
  webhookUrl?: string;
  sequenceType: "oneoff" | "first" | "recurring";
  customerId?: string;
  refunds: FakeRefund[];
  /** Charged back so far, in minor units of the payment's currency. */
  chargedBack: number;
}
export interface FakeMollie {
  /** The API base including /v2: the adapter's `baseUrl`, the client's `apiEndpoint`. */
  url: string;
  payments: Map<string, FakePayment>;
  calls: FakeCall[];
  setStatus(id: string, status: FakeStatus): void;
  chargeback(id: string, cents: number): void;
  /** The next request answers 503 in problem JSON, or never answers ("hang"). */
  failNext(kind: "503" | "hang"): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const DOCS = "https://docs.mollie.com/reference";
const ICONS = "https://www.mollie.com/external/icons/payment-methods";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const randomId = (prefix: string) => prefix + Array.from(randomBytes(10), (byte) => ALNUM[byte % ALNUM.length]).join("");
const link = (href: string, type = "application/hal+json") => ({ href, type });
const html = (href: string) => link(href, "text/html");

// Money in minor units. Mollie takes exactly the currency's decimals: "10.00" EUR, "1000" JPY.
const decimals = (currency: string) => (currency === "JPY" || currency === "ISK" ? 0 : 2);
function minor(amount: unknown): number | null {
  if (!isObject(amount) || typeof amount.currency !== "string" || !/^[A-Z]{3}$/.test(amount.currency)) return null;
  const pattern = decimals(amount.currency) === 0 ? /^\d+$/ : /^\d+\.\d\d$/;
  return typeof amount.value === "string" && pattern.test(amount.value) ? Number(amount.value.replace(".", "")) : null;
}
function money(cents: number, currency: string): MollieAmount {
  if (decimals(currency) === 0) return { currency, value: String(cents) };
  return { currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` };
}

/** The fake profile's methods, with the currencies each takes (null: any). */
const METHODS: Record<string, { description: string; currencies: string[] | null }> = {
  ideal: { description: "iDEAL | Wero", currencies: ["EUR"] },
  bancontact: { description: "Bancontact", currencies: ["EUR"] },
  eps: { description: "eps", currencies: ["EUR"] },
  blik: { description: "BLIK", currencies: ["PLN"] },
  przelewy24: { description: "Przelewy24", currencies: ["EUR", "PLN"] },
  creditcard: { description: "Card", currencies: null },
  paypal: { description: "PayPal", currencies: null },
};
const BY_COUNTRY: Record<string, string[]> = {
  NL: ["ideal", "creditcard", "paypal"],
  BE: ["bancontact", "creditcard", "paypal"],
  PL: ["blik", "przelewy24", "creditcard", "paypal"],
  AT: ["eps", "creditcard", "paypal"],
};

/** An error answer, in Mollie's problem JSON {status, title, detail, field, _links}. */
class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
  json() {
    const { status, title, detail, field } = this;
    return { status, title, detail, ...(field ? { field } : {}), _links: { documentation: html(`${DOCS}/handling-errors`) } };
  }
}
const invalid = (detail: string, field: string) => new Problem(422, "Unprocessable Entity", detail, field);
const notFound = (detail: string) => new Problem(404, "Not Found", detail);

/** A form body as Mollie reads it: "amount[value]=10.00" is { amount: { value: "10.00" } }. */
function formToObject(form: URLSearchParams): Json {
  const result: Json = {};
  for (const [key, value] of form) {
    const [head = key, inner] = key.split(/\[|\]/);
    result[head] = inner === undefined ? value : { ...(isObject(result[head]) ? result[head] : {}), [inner]: value };
  }
  return result;
}

export async function startFakeMollie(options: { tls?: { key: string; cert: string } } = {}): Promise<FakeMollie> {
  const payments = new Map<string, FakePayment>();
  const calls: FakeCall[] = [];
  const answered = new Map<string, [number, unknown]>(); // by Idempotency-Key
  const customers = new Set<string>();
  /** Customers with a valid mandate: a paid first payment made one. */
  const mandates = new Set<string>();
  let failure: "503" | "hang" | null = null;
  let base = "";

  const found = (id: string) => payments.get(id) ?? fail(notFound(`No payment exists with token ${id}.`));
  const refunded = (p: FakePayment) => p.refunds.reduce((sum, refund) => sum + (minor(refund.amount) ?? 0), 0);
  const remaining = (p: FakePayment) => Math.max(0, (minor(p.amount) ?? 0) - refunded(p) - p.chargedBack);

  function paymentJson(p: FakePayment): Json {
    const { id, amount, status, method } = p;
    const self = `${base}/payments/${id}`;
    return {
      resource: "payment",
      id,
      mode: "test",
      createdAt: p.createdAt,
      amount,
      description: p.description,
      method,
      metadata: p.metadata,
      status,
      isCancelable: status === "open",
      // expiresAt while open; then paidAt, canceledAt, expiredAt, failedAt or authorizedAt.
      ...(status === "open" ? { expiresAt: new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString() } : {}),
      ...(status === "open" || status === "pending" ? {} : { [`${status}At`]: p.changedAt }),
      ...(status === "paid"
        ? { amountRefunded: money(refunded(p), amount.currency), amountRemaining: money(remaining(p), amount.currency) }
        : {}),
      ...(p.chargedBack > 0 ? { amountChargedBack: money(p.chargedBack, amount.currency) } : {}),
      ...(p.locale ? { locale: p.locale } : {}),
      profileId: "pfl_FakeProfile1",
      sequenceType: p.sequenceType,
      ...(p.customerId ? { customerId: p.customerId } : {}),
      redirectUrl: p.redirectUrl,
      ...(p.webhookUrl ? { webhookUrl: p.webhookUrl } : {}),
      _links: {
        self: link(self),
        ...(status === "open"
          ? { checkout: html(`https://www.mollie.com/checkout/test-mode?method=${method}&token=${id}`) }
          : {}),
        ...(p.refunds.length > 0 ? { refunds: link(`${self}/refunds`) } : {}),
        ...(p.chargedBack > 0 ? { chargebacks: link(`${self}/chargebacks`) } : {}),
        dashboard: html(`https://my.mollie.com/dashboard/payments/${id}`),
        documentation: html(`${DOCS}/get-payment`),
      },
    };
  }

  function refundJson(p: FakePayment, { id, amount, description, createdAt }: FakeRefund): Json {
    const links = { self: link(`${base}/payments/${p.id}/refunds/${id}`), payment: link(`${base}/payments/${p.id}`) };
    return {
      resource: "refund",
      id,
      mode: "test",
      amount,
      description,
      status: "pending",
      createdAt,
      paymentId: p.id,
      metadata: null,
      _links: links,
    };
  }

  function createPayment(body: Json): FakePayment {
    const cents = minor(body.amount);
    const url = (value: unknown) => typeof value === "string" && URL.canParse(value);
    if (cents === null) throw invalid("The amount contains an invalid value", "amount.value");
    if (cents < 1) throw invalid("The amount is lower than minimum", "amount");
    if (typeof body.description !== "string" || !body.description.trim())
      throw invalid("The description is invalid", "description");
    const sequenceType = body.sequenceType ?? "oneoff";
    if (sequenceType !== "oneoff" && sequenceType !== "first" && sequenceType !== "recurring")
      throw invalid("The sequence type is invalid", "sequenceType");
    // First and recurring payments belong to a customer; a recurring one is charged on the
    // customer's mandate (made by a paid first payment) without the payer, so it has no redirect.
    if (sequenceType !== "oneoff" && !(typeof body.customerId === "string" && customers.has(body.customerId)))
      throw invalid("The customer id is invalid", "customerId");
    if (sequenceType === "recurring" && !mandates.has(String(body.customerId)))
      throw invalid("The customer has no valid mandate", "customerId");
    if (sequenceType !== "recurring" && (typeof body.redirectUrl !== "string" || !url(body.redirectUrl)))
      throw invalid("The redirect URL is invalid", "redirectUrl");
    if (body.webhookUrl !== undefined && !url(body.webhookUrl)) throw invalid("The webhook URL is invalid", "webhookUrl");
    if (body.method != null && !(typeof body.method === "string" && body.method in METHODS))
      throw invalid("The method is invalid", "method");
    const now = new Date().toISOString();
    const payment: FakePayment = {
      id: randomId("tr_"),
      createdAt: now,
      amount: body.amount as MollieAmount,
      description: body.description,
      method: typeof body.method === "string" ? body.method : null,
      metadata: body.metadata ?? null,
      // A recurring payment needs no payer: it is pending at once (the provider then settles it).
      status: sequenceType === "recurring" ? "pending" : "open",
      changedAt: now,
      redirectUrl: typeof body.redirectUrl === "string" ? body.redirectUrl : "",
      sequenceType,
      ...(typeof body.customerId === "string" ? { customerId: body.customerId } : {}),
      refunds: [],
      chargedBack: 0,
      ...(typeof body.locale === "string" ? { locale: body.locale } : {}),
      ...(typeof body.webhookUrl === "string" ? { webhookUrl: body.webhookUrl } : {}),
    };
    payments.set(payment.id, payment);
    return payment;
  }

  /** POST /v2/customers: a customer (name, email, metadata), as Mollie answers it. */
  function createCustomer(body: Json) {
    if (body.email !== undefined && (typeof body.email !== "string" || !body.email.includes("@")))
      throw invalid("The email address is invalid", "email");
    const id = randomId("cst_");
    customers.add(id);
    return {
      resource: "customer",
      id,
      mode: "test",
      name: typeof body.name === "string" ? body.name : null,
      email: typeof body.email === "string" ? body.email : null,
      locale: null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
      _links: { self: { href: `${base}/customers/${id}`, type: "application/hal+json" } },
    };
  }

  function createRefund(p: FakePayment, body: Json): FakeRefund {
    const cents = minor(body.amount);
    if (p.status !== "paid") throw invalid(`The payment is ${p.status}: only paid payments can be refunded`, "amount");
    if (cents === null || cents < 1) throw invalid("The amount contains an invalid value", "amount.value");
    if (isObject(body.amount) && body.amount.currency !== p.amount.currency)
      throw invalid("The currency differs", "amount.currency");
    if (cents > remaining(p)) throw invalid("The amount is higher than the remaining amount of the payment", "amount");
    const description = String(body.description ?? "");
    const refund = { id: randomId("re_"), amount: body.amount as MollieAmount, description, createdAt: new Date().toISOString() };
    p.refunds.push(refund);
    return refund;
  }

  function listMethods(query: URLSearchParams): Json {
    const currency = query.get("amount[currency]") ?? "EUR";
    const value = query.get("amount[value]");
    if (value !== null && minor({ currency, value }) === null)
      throw invalid("The amount contains an invalid value", "amount.value");
    const country = query.get("billingCountry")?.toUpperCase();
    const ids = country ? (BY_COUNTRY[country] ?? ["creditcard", "paypal"]) : Object.keys(METHODS);
    const methods = ids
      .filter((id) => METHODS[id]?.currencies?.includes(currency) ?? true)
      .map((id) => ({
        resource: "method",
        id,
        description: METHODS[id]?.description,
        minimumAmount: money(1, currency),
        maximumAmount: null,
        image: { size1x: `${ICONS}/${id}.png`, size2x: `${ICONS}/${id}%402x.png`, svg: `${ICONS}/${id}.svg` },
        status: "activated",
        _links: { self: link(`${base}/methods/${id}`) },
      }));
    return {
      count: methods.length,
      _embedded: { methods },
      _links: { self: link(`${base}/methods`), documentation: html(`${DOCS}/list-methods`) },
    };
  }

  /** One request's answer: [status, JSON]; errors are thrown as Problems. */
  function route(method: string, path: string, query: URLSearchParams, body: Json): [number, unknown] {
    const payment = /^\/v2\/payments\/([^/]+)(\/refunds)?$/.exec(path);
    if (method === "POST" && path === "/v2/payments") return [201, paymentJson(createPayment(body))];
    if (method === "POST" && path === "/v2/customers") return [201, createCustomer(body)];
    if (method === "GET" && path === "/v2/methods") return [200, listMethods(query)];
    if (!payment?.[1] || (method !== "GET" && method !== "POST")) throw notFound("The resource does not exist");
    const p = found(payment[1]);
    if (!payment[2]) return method === "GET" ? [200, paymentJson(p)] : fail(notFound("The resource does not exist"));
    if (method === "POST") return [201, refundJson(p, createRefund(p, body))];
    const refunds = p.refunds.map((r) => refundJson(p, r));
    return [
      200,
      { count: refunds.length, _embedded: { refunds }, _links: { self: link(`${base}${path}`), previous: null, next: null } },
    ];
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    const { method = "GET", headers } = request;
    const url = new URL(request.url ?? "/", "http://fake");
    let body: unknown = {};
    try {
      if (headers["content-type"]?.startsWith("application/x-www-form-urlencoded"))
        body = formToObject(new URLSearchParams(text));
      else if (text !== "") body = JSON.parse(text);
    } catch {
      body = null;
    }
    calls.push({ method, path: url.pathname, query: url.searchParams, headers, body });
    const failing = failure;
    failure = null;
    if (failing === "hang") return; // the socket stays open until the caller gives up, or close()
    const key = method === "POST" ? headers["idempotency-key"] : undefined;
    let answer: [number, unknown];
    try {
      if (failing === "503") throw new Problem(503, "Service Unavailable", "The service is temporarily unavailable");
      if (!/^Bearer test_[A-Za-z0-9]+$/.test(headers.authorization ?? ""))
        throw new Problem(401, "Unauthorized Request", "Missing authentication, or failed to authenticate");
      if (!isObject(body)) throw new Problem(400, "Bad Request", "The request body is not valid JSON");
      // A key seen before gets the answer it got then (a payment made once, not twice).
      answer = (typeof key === "string" ? answered.get(key) : undefined) ?? route(method, url.pathname, url.searchParams, body);
      if (typeof key === "string") answered.set(key, answer);
    } catch (error) {
      const problem = error instanceof Problem ? error : new Problem(500, "Internal Server Error", String(error));
      answer = [problem.status, problem.json()];
    }
    response.writeHead(answer[0], { "content-type": answer[0] < 300 ? "application/hal+json" : "application/problem+json" });
    response.end(JSON.stringify(answer[1]));
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response);
  const server = options.tls ? createHttpsServer(options.tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `${options.tls ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;

  return {
    url: base,
    payments,
    calls,
    setStatus(id, status) {
      const p = found(id);
      Object.assign(p, { status, changedAt: new Date().toISOString() });
      if (status === "paid" && p.sequenceType === "first" && p.customerId) mandates.add(p.customerId);
    },
    chargeback(id, cents) {
      found(id).chargedBack += cents;
    },
    failNext(kind) {
      failure = kind;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fail(error: Error): never {
  throw error;
}
