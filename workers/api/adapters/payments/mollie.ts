/**
 * The "mollie" payment adapter (docs/decisions/018-payments.md): Mollie's v2 Payments API over
 * plain fetch, as the Resend mail adapter does (mail/adapters.ts). No SDK: @mollie/api-client is
 * built for Node (node-fetch, https.Agent), and this runs in a Cloudflare Worker.
 *
 * - Amounts: we keep whole minor units (cents); Mollie wants decimal strings with exactly the
 *   currency's number of decimals ("10.00" EUR, "1000" JPY). The conversion is integer string
 *   work, never float arithmetic (centsToValue, valueToCents below).
 * - Idempotency: a create sends `Idempotency-Key: <orderId>`, so a retried create (a timeout
 *   after Mollie made the payment) answers the same payment instead of making a second one.
 * - Errors: PaymentProviderError, retryable for what may pass on its own (network, timeout, 429,
 *   5xx), not retryable for a refusal (4xx, with Mollie's problem JSON detail). getPayment answers
 *   null for a 404. Messages are short and never carry the API key.
 * - Webhooks: Mollie posts only `id=tr_…` (unsigned); the id is a hint, the state is fetched.
 *
 * https://docs.mollie.com/reference/create-payment, get-payment, create-refund, list-methods.
 */
import {
  type Amount,
  type CreatePaymentInput,
  type PaymentAdapter,
  type PaymentMethod,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderPayment,
  type Refund,
} from "./types";

export const MOLLIE_API = "https://api.mollie.com/v2";
const MOLLIE_TIMEOUT_MS = 10_000;
const PAYMENT_ID = /^tr_[A-Za-z0-9]+$/;
const STATUSES: readonly PaymentStatus[] = ["open", "pending", "authorized", "paid", "canceled", "expired", "failed"];

/**
 * Currencies without minor units among those Mollie takes (https://docs.mollie.com/docs/multicurrency):
 * their values have no decimals. Every other currency Mollie takes has two.
 */
const ZERO_DECIMAL_CURRENCIES = new Set(["ISK", "JPY"]);

/** How many decimals Mollie's value of an amount in `currency` has: 0 or 2. */
export function currencyDecimals(currency: string): 0 | 2 {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Not an ISO 4217 currency code: "${currency}"`);
  return ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 2;
}

/** Minor units to Mollie's value: 999 EUR → "9.99", 5 → "0.05", 1000 JPY → "1000". */
export function centsToValue(cents: number, currency: string): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a whole non-negative amount of cents: ${cents}`);
  const digits = String(cents);
  if (currencyDecimals(currency) === 0) return digits;
  const padded = digits.padStart(3, "0");
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/** Mollie's value to minor units: "9.99" EUR → 999, "1000" JPY → 1000. Anything else ("10.5", "1e3", "-1.00") is refused. */
export function valueToCents(value: string, currency: string): number {
  const match = currencyDecimals(currency) === 0 ? /^(\d+)$/.exec(value) : /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`Not a ${currency} amount: "${value}"`);
  const cents = Number(`${match[1]}${match[2] ?? ""}`);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: "${value}"`);
  return cents;
}

/** Our Amount as Mollie's amount object. */
export function toMollieAmount(amount: Amount): { currency: string; value: string } {
  return { currency: amount.currency, value: centsToValue(amount.cents, amount.currency) };
}

// Mollie's answers are read as unknown JSON and checked field by field: a shape we do not expect
// is an error (not retryable), never a half-read payment.
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

function unexpected(what: string): PaymentProviderError {
  return new PaymentProviderError(`Mollie answered an unexpected ${what}`, false);
}

function readString(object: Json, field: string, what: string): string {
  const value = object[field];
  if (typeof value !== "string") throw unexpected(`${what} (${field})`);
  return value;
}

function readAmount(value: unknown, what: string): Amount {
  if (!isObject(value) || typeof value.currency !== "string" || typeof value.value !== "string") throw unexpected(what);
  try {
    return { cents: valueToCents(value.value, value.currency), currency: value.currency };
  } catch {
    throw unexpected(what);
  }
}

function readPayment(body: unknown): ProviderPayment {
  if (!isObject(body) || body.resource !== "payment") throw unexpected("payment");
  const id = readString(body, "id", "payment");
  const status = STATUSES.find((known) => known === body.status);
  if (!PAYMENT_ID.test(id) || !status) throw unexpected("payment (id or status)");
  const amount = readAmount(body.amount, "payment amount");
  const zero: Amount = { cents: 0, currency: amount.currency };
  const links = isObject(body._links) ? body._links : {};
  const checkout = isObject(links.checkout) && typeof links.checkout.href === "string" ? links.checkout.href : null;
  const metadata: Record<string, string> = {};
  if (isObject(body.metadata)) {
    for (const [key, value] of Object.entries(body.metadata)) if (typeof value === "string") metadata[key] = value;
  }
  return {
    id,
    status,
    amount,
    refunded: body.amountRefunded === undefined ? zero : readAmount(body.amountRefunded, "amountRefunded"),
    chargedBack: body.amountChargedBack === undefined ? zero : readAmount(body.amountChargedBack, "amountChargedBack"),
    checkoutUrl: checkout,
    method: typeof body.method === "string" ? body.method : null,
    metadata,
  };
}

function readRefund(body: unknown): Refund {
  if (!isObject(body) || body.resource !== "refund") throw unexpected("refund");
  return {
    id: readString(body, "id", "refund"),
    amount: readAmount(body.amount, "refund amount"),
    status: readString(body, "status", "refund"),
  };
}

function readMethods(body: unknown): PaymentMethod[] {
  const methods = isObject(body) && isObject(body._embedded) ? body._embedded.methods : undefined;
  if (!Array.isArray(methods)) throw unexpected("list of methods");
  return methods.map((method: unknown) => {
    if (!isObject(method)) throw unexpected("method");
    return { id: readString(method, "id", "method"), description: readString(method, "description", "method") };
  });
}

/** "422: Unprocessable Entity: The amount is too low (field amount)" from Mollie's problem JSON {status, title, detail, field}. */
function problemSummary(status: number, body: unknown): string {
  if (!isObject(body)) return String(status);
  const parts = [String(status), body.title, body.detail].filter((part) => typeof part === "string" && part !== "");
  const field = typeof body.field === "string" ? ` (field ${body.field})` : "";
  return `${parts.join(": ")}${field}`;
}

export interface MollieAdapterOptions {
  /** MOLLIE_API_KEY: test_… or live_… */
  apiKey: string | undefined;
  /** Default https://api.mollie.com/v2; the tests point it at a local fake (tests/fakes/mollie.ts). */
  baseUrl?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
}

export function mollieAdapter(options: MollieAdapterOptions): PaymentAdapter {
  const baseUrl = (options.baseUrl ?? MOLLIE_API).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? MOLLIE_TIMEOUT_MS;

  /** Never let the key into a message, whatever echoes it. */
  const redact = (message: string) => (options.apiKey ? message.split(options.apiKey).join("[MOLLIE_API_KEY]") : message);

  /**
   * One call to Mollie: the status and JSON body for a 2xx or an `accepted` status; a
   * PaymentProviderError for anything else. `what` names the call in messages ("the payment").
   */
  async function call(
    what: string,
    method: "GET" | "POST",
    path: string,
    { body, headers = {}, accepted = [] }: { body?: unknown; headers?: Record<string, string>; accepted?: number[] } = {},
  ): Promise<{ status: number; body: unknown }> {
    const apiKey = options.apiKey;
    if (!apiKey) throw new PaymentProviderError("MOLLIE_API_KEY is not set (wrangler secret put MOLLIE_API_KEY)", false);
    let status: number;
    let text: string;
    try {
      const response = await (options.fetcher ?? fetch)(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: "application/hal+json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      // Read under the same timeout: a body that never ends is a timeout too.
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PaymentProviderError(
        timedOut ? `Mollie did not answer within ${timeoutMs} ms (${what})` : `Mollie could not be reached (${what})`,
        true,
      );
    }
    let json: unknown;
    try {
      json = text === "" ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    if ((status >= 200 && status < 300) || accepted.includes(status)) return { status, body: json };
    const summary = redact(problemSummary(status, json)).slice(0, 300);
    const retryable = status === 429 || status >= 500;
    throw new PaymentProviderError(`Mollie ${retryable ? "failed" : "refused"} ${what}: ${summary}`, retryable);
  }

  return {
    name: "mollie",

    async listMethods({ country, amount, locale, sequenceType = "oneoff" }) {
      const query = new URLSearchParams({
        "amount[value]": centsToValue(amount.cents, amount.currency),
        "amount[currency]": amount.currency,
        billingCountry: country.toUpperCase(),
        sequenceType,
      });
      if (locale) query.set("locale", locale);
      const answer = await call("the list of methods", "GET", `/methods?${query}`);
      return readMethods(answer.body);
    },

    async createPayment(input: CreatePaymentInput) {
      const answer = await call("the payment", "POST", "/payments", {
        body: {
          amount: toMollieAmount(input.amount),
          description: input.description,
          webhookUrl: input.webhookUrl,
          ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
          ...(input.method ? { method: input.method } : {}),
          ...(input.locale ? { locale: input.locale } : {}),
          ...(input.sequenceType ? { sequenceType: input.sequenceType } : {}),
          ...(input.customerId ? { customerId: input.customerId } : {}),
          metadata: { ...input.metadata, orderId: input.orderId },
        },
        // Mollie answers a repeated key with the first answer instead of making a second payment.
        headers: { "idempotency-key": input.orderId },
      });
      return readPayment(answer.body);
    },

    async createCustomer({ name, email, memberId }) {
      const answer = await call("the customer", "POST", "/customers", {
        body: { name, email, metadata: { memberId: String(memberId) } },
        headers: { "idempotency-key": `customer:${memberId}` },
      });
      const body = answer.body;
      if (!isObject(body) || body.resource !== "customer") throw unexpected("customer");
      return { id: readString(body, "id", "customer") };
    },

    async getPayment(id) {
      if (!PAYMENT_ID.test(id)) return null;
      const answer = await call("the payment", "GET", `/payments/${encodeURIComponent(id)}`, { accepted: [404] });
      return answer.status === 404 ? null : readPayment(answer.body);
    },

    async refund(paymentId, amount, description, idempotencyKey) {
      if (!PAYMENT_ID.test(paymentId)) throw new PaymentProviderError("Not a Mollie payment id", false);
      const answer = await call("the refund", "POST", `/payments/${encodeURIComponent(paymentId)}/refunds`, {
        body: { amount: toMollieAmount(amount), description },
        // A refund asked again after a timeout is answered with the first, not paid out twice.
        headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
      });
      return readRefund(answer.body);
    },

    paymentIdFromWebhook(body) {
      const id = body.get("id");
      return id !== null && PAYMENT_ID.test(id) ? id : null;
    },
  };
}
