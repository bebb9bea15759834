/**
 * The payment provider seam (docs/decisions/018-payments.md). Orders (domain/orders.ts) talk to
 * a provider only through this interface; PAYMENT_ADAPTER chooses the implementation:
 *
 * - "demo" (local development, the default): payments live in D1 and a hosted checkout page is
 *   served by this worker on loopback hosts, so the local flow runs the production code path;
 * - "mollie": Mollie's v2 Payments API over plain fetch (https://docs.mollie.com/reference).
 *
 * The shapes follow Mollie's, because it is the provider we deploy: a payment has an id, a
 * status, an amount, a checkout link while it is open, and the amounts refunded and charged
 * back so far. Amounts are whole cents here; adapters convert to the provider's format.
 */

/** Mollie's payment statuses (https://docs.mollie.com/docs/status-change). */
export type PaymentStatus = "open" | "pending" | "authorized" | "paid" | "canceled" | "expired" | "failed";

/** A sum of money in minor units (cents) and an ISO 4217 currency code. */
export interface Amount {
  cents: number;
  currency: string;
}

export interface CreatePaymentInput {
  /** Our order id: sent as the Idempotency-Key and in metadata, so a retried create makes one payment. */
  orderId: string;
  amount: Amount;
  /** Shown to the payer by the provider and on their bank statement. */
  description: string;
  /** A provider method id ("ideal", "creditcard", …); none for a recurring payment (the mandate's). */
  method?: string;
  /** Where the provider sends the browser back (our /transactions/:transactionId); none for a recurring payment. */
  redirectUrl?: string;
  /**
   * oneoff (the default); first: the payer is present and the payment makes a mandate for
   * later ones (premium's first period); recurring: charged on that mandate without the payer.
   */
  sequenceType?: "oneoff" | "first" | "recurring";
  /** The provider's customer (first and recurring payments). */
  customerId?: string;
  /** Where the provider reports a change of state (POST id=…). */
  webhookUrl: string;
  /** The provider's checkout language, e.g. "nl_NL". */
  locale?: string;
  metadata: Record<string, string>;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amount: Amount;
  /** What has been refunded so far (0 cents when nothing). */
  refunded: Amount;
  /** What has been charged back by the payer's bank so far (0 cents when nothing). */
  chargedBack: Amount;
  /** The hosted checkout while the payment can still be paid; null afterwards. */
  checkoutUrl: string | null;
  method: string | null;
  metadata: Record<string, string>;
}

export interface PaymentMethod {
  /** The provider's method id, used in our URLs (/credits/:creditId/:paymentMethod). */
  id: string;
  /** The provider's own name of the method ("iDEAL | Wero", "Bancontact"); brand names are not translated. */
  description: string;
}

export interface Refund {
  id: string;
  amount: Amount;
  status: string;
}

/** The provider could not be reached or refused the call; `retryable` when trying again may work. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

export interface PaymentAdapter {
  readonly name: "demo" | "mollie";
  /** The methods a payer in `country` can use for `amount`, in the provider's order. */
  /** `sequenceType: "first"`: only methods that can make a mandate for later recurring payments. */
  listMethods(query: {
    country: string;
    amount: Amount;
    locale?: string;
    sequenceType?: "oneoff" | "first";
  }): Promise<PaymentMethod[]>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** A customer for `memberId` (recurring payments are charged to a customer's mandate). */
  createCustomer(input: { name: string; email: string; memberId: number }): Promise<{ id: string }>;
  /** The payment as the provider knows it now; null when the provider has no payment with this id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Refunds `amount` of a paid payment. The same `idempotencyKey` again answers the first refund
   * instead of making a second. Throws PaymentProviderError when the provider refuses.
   */
  refund(paymentId: string, amount: Amount, description: string, idempotencyKey?: string): Promise<Refund>;
  /**
   * The payment id a webhook call names, or null when the body names none. Mollie posts only
   * `id=tr_…` (form-encoded, unsigned): the id is a hint, and the state is always fetched.
   */
  paymentIdFromWebhook(body: URLSearchParams): string | null;
}
