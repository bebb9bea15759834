/**
 * Orders (docs/product.md §10, docs/decisions/018-payments.md): a member buys a package; we make
 * an order, ask the provider for a payment, and send the member to its checkout. What was bought
 * is granted only when the provider says the payment is paid: from its webhook, or from a
 * reconcile that asks it (the return page), never from the browser's return alone. Granting is
 * one D1 batch keyed by the provider's payment id, so a webhook delivered twice, concurrently,
 * late or after the return page grants exactly once.
 */
import type { CreateOrderBodyParsed } from "../../../contract/requests/orders";
import { quote, withDiscount } from "../../../contract/rules/pricing";
import type { OrderState, OwnOrder } from "../../../contract/schemas";
import type { PaymentAdapter, ProviderPayment } from "../adapters/payments/types";
import { PaymentProviderError } from "../adapters/payments/types";
import { runBatch, type Db } from "../db/client";
import { findOrder, findOrderByKey, findOrderByPayment, type Order } from "../db/orders";
import type { OrderStatus } from "../db/schema";
import type { Site } from "../lib/site";
import * as discounts from "./discounts";
import { DomainError } from "./errors";
import type { Buyer } from "./discounts";
import * as ledger from "./ledger";
import type { OrderDeps } from "./order-deps";
import * as premium from "./premium";
import { findMembership } from "./premium";

export type { Order };
export { findOrder };

export type { OrderDeps };

/** "ord_" and 26 base-32 characters: 130 random bits, so a transaction id cannot be guessed. */
export function newOrderId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = crypto.getRandomValues(new Uint8Array(26));
  return `ord_${Array.from(bytes, (b) => alphabet[b % 32]).join("")}`;
}

/** A create that stopped half way (the worker died) is taken over by a retry after this long. */
const STALE_CREATE_MS = 30_000;
/** A double click waits this long for the first click's checkout address. */
const WAIT_FOR_FIRST_MS = 6_000;
const WAIT_STEP_MS = 250;

/** The order's state as the member sees it. */
export function orderState(status: OrderStatus): OrderState {
  switch (status) {
    case "paid":
      return "paid";
    case "refunded":
      return "refunded";
    case "withdrawn":
      return "withdrawn";
    case "canceled":
      return "canceled";
    case "expired":
      return "expired";
    case "failed":
    case "error":
      return "failed";
    default:
      // created, open, pending, review: not settled for the member yet
      return "pending";
  }
}

function event(db: Db, orderId: string, name: string, detail: string | null = null) {
  return db.insertInto("order_events").values({ order_id: orderId, event: name, detail, at: Date.now() });
}

/** An event written once per order and name, whatever number of calls try (a batch statement). */
function eventOnce(db: Db, orderId: string, name: string, detail: string | null = null) {
  return db
    .insertInto("order_events")
    .columns(["order_id", "event", "detail", "at"])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(orderId).as("order_id"),
          eb.val(name).as("event"),
          eb.val(detail).as("detail"),
          eb.val(Date.now()).as("at"),
        ])
        .where((eb) =>
          eb.not(eb.exists(db.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("event", "=", name))),
        ),
    );
}

export interface NewOrder {
  site: Site;
  buyer: Buyer;
  body: CreateOrderBodyParsed;
  locale: string;
  /** scheme://host[:port] of the site as the member reached it: the return and webhook addresses. */
  origin: string;
}

/**
 * Makes the order and its payment, or finds the one this summary page's key made. Throws
 * DomainError for what the member can correct (unknown package, method, changed price) and
 * payment_unavailable when the provider cannot be reached (the order stays, marked error, and
 * the same key tries again).
 */
export async function createOrder(deps: OrderDeps, input: NewOrder): Promise<Order> {
  const { db } = deps;
  const { site, buyer, body } = input;
  const memberId = buyer.id;
  const settings = site.settings;
  const item = productOf(settings.commerce, body.product, body.product_id);
  if (!item) throw new DomainError("unknown_package", "No such package.", { fields: { product_id: "unknown_package" } });
  if (!(settings.countries as string[]).includes(body.country)) {
    throw new DomainError("invalid_input", "Payments are not taken from that country.", { fields: { country: "invalid" } });
  }

  const existing = await findOrderByKey(db, memberId, body.key);
  if (existing) return resume(deps, input, existing);

  if (item.months > 0 && isActiveAndRenewing(await findMembership(db, memberId))) {
    throw new DomainError("premium_active", "Premium already runs and renews.");
  }
  // A code held by an order the provider has since let go of (cancelled, expired) is free again.
  await freeUnpayableReservations(deps, memberId);
  let code: discounts.Offer | null = null;
  if (item.months > 0) {
    // Codes are for credit packages (their list price); premium has none.
    if (body.code) {
      const typed = await discounts.codeForMember(db, site.id, buyer, body.code);
      discounts.assertApplies(typed, { id: item.id, credits: -1 });
    }
  } else {
    // The best of the member's discounts for this package wins (docs/product.md §10.5): a typed
    // code that gives less than the welcome offer, or is not for this package, does not count.
    const offers = await discounts.offersFor(db, site, buyer, body.code, { strict: true });
    code = discounts.choose(offers, item).applied;
  }
  const base = quote(settings, item, body.country);
  const priced = code ? withDiscount(base, code.percent) : base;
  if (priced.amount_cents !== body.expected_cents || priced.currency !== body.expected_currency) {
    throw new DomainError("price_changed", "The price is not what the summary showed.");
  }

  const methods = await listMethods(deps.adapter, body.country, priced.amount_cents, priced.currency, input.locale);
  if (!methods.some((m) => m.id === body.method)) {
    throw new DomainError("payment_method_unavailable", "That payment method is not offered here.", {
      fields: { method: "payment_method_unavailable" },
    });
  }

  const now = Date.now();
  const id = newOrderId();
  const insert = db
    .insertInto("orders")
    .values({
      id,
      site_id: site.id,
      member_id: memberId,
      create_key: body.key,
      product: body.product,
      product_id: item.id,
      credits: item.credits,
      months: item.months,
      sequence: item.months > 0 ? "first" : "oneoff",
      country: body.country,
      currency: priced.currency,
      list_cents: priced.list_cents,
      discount_cents: priced.discount_cents,
      amount_cents: priced.amount_cents,
      vat_rate: priced.vat_rate,
      vat_cents: priced.vat_cents,
      method: body.method,
      locale: input.locale,
      provider: deps.adapter.name,
      status: "created",
      return_to: body.return_to ?? null,
      discount_code_id: code?.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["member_id", "create_key"]).doNothing());
  // The order and its code's one use, together: a code already used (by an order of another
  // moment) refuses the whole batch.
  let inserted = false;
  try {
    const [result] = await runBatch(
      deps.d1,
      code ? [insert, discounts.reserveStatement(db, code.id, memberId, id, now)] : [insert],
    );
    inserted = result?.meta.changes === 1;
  } catch (error) {
    if (!(await findOrderByKey(db, memberId, body.key))) {
      // Another order took the code's one use at the same moment: it is reserved for that one, or used.
      if (code) throw (await discounts.holdRefusal(db, code.id, memberId)) ?? discounts.usedError();
      throw error;
    }
  }
  if (!inserted) {
    // The same key at the same moment (a double click): the first request makes the payment.
    const first = await findOrderByKey(db, memberId, body.key);
    if (!first) throw new Error(`order with key ${body.key} vanished`);
    return resume(deps, input, first);
  }
  const what = item.months > 0 ? `premium ${item.months} months, ${item.credits} bonus credits` : `${item.credits} credits`;
  await event(db, id, "created", `${what}, ${priced.amount_cents} ${priced.currency}, ${body.method}`).execute();
  const order = await findOrder(db, id);
  if (!order) throw new Error(`order ${id} vanished`);
  return startPayment(deps, input, order);
}

/**
 * An order reserves its code only while it can still be paid (docs/product.md §10.5): the
 * member's orders that hold a code and are not settled are brought in line with the provider,
 * so one the member left at the checkout and the provider has cancelled or let expire (its
 * webhook late or lost) gives its code back now.
 */
export async function freeUnpayableReservations(deps: OrderDeps, memberId: number): Promise<void> {
  const holding = await deps.db
    .selectFrom("discount_redemptions")
    .innerJoin("orders", "orders.id", "discount_redemptions.order_id")
    .selectAll("orders")
    .where("discount_redemptions.member_id", "=", memberId)
    .where("orders.status", "in", UNSETTLED)
    .execute();
  await Promise.all(holding.map((order) => reconcile(deps, order)));
}

/** What an order buys: a package (credits) or a premium plan (months and its bonus credits). */
function productOf(commerce: Site["settings"]["commerce"], product: "credits" | "premium", id: string) {
  if (product === "premium") {
    const plan = commerce.premium_plans.find((p) => p.id === id);
    return plan ? { id: plan.id, prices: plan.prices, credits: plan.bonus_credits, months: plan.months } : null;
  }
  const pkg = commerce.credit_packages.find((p) => p.id === id);
  return pkg ? { id: pkg.id, prices: pkg.prices, credits: pkg.credits, months: 0 } : null;
}

function isActiveAndRenewing(membership: premium.Membership | undefined): boolean {
  return premium.isActive(membership) && membership?.renews === 1;
}

async function listMethods(adapter: PaymentAdapter, country: string, cents: number, currency: string, locale: string) {
  try {
    return await adapter.listMethods({ country, amount: { cents, currency }, locale });
  } catch (error) {
    throw providerDown(error);
  }
}

function providerDown(error: unknown): DomainError {
  console.error("payment provider:", error instanceof Error ? error.message : error);
  return new DomainError("payment_unavailable", "The payment provider did not answer. Nothing was charged; try again.");
}

/** An order this key made before: wait for a create in progress, retry one that failed, or answer it. */
async function resume(deps: OrderDeps, input: NewOrder, order: Order): Promise<Order> {
  const { db } = deps;
  if (order.status === "error") {
    const claimed = await db
      .updateTable("orders")
      .set({ status: "created", updated_at: Date.now() })
      .where("id", "=", order.id)
      .where("status", "=", "error")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) {
      if (order.discount_code_id !== null) await reserveAgain(deps, order);
      return startPayment(deps, input, { ...order, status: "created" });
    }
  }
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let current: Order | undefined = order;
  while (current?.status === "created" && Date.now() < deadline) {
    if (Date.now() - current.updated_at > STALE_CREATE_MS) {
      const taken = await db
        .updateTable("orders")
        .set({ updated_at: Date.now() })
        .where("id", "=", current.id)
        .where("status", "=", "created")
        .where("updated_at", "=", current.updated_at)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return startPayment(deps, input, current);
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    current = await findOrder(db, order.id);
  }
  if (!current) throw new Error(`order ${order.id} vanished`);
  if (current.status === "created") throw new DomainError("order_in_progress", "This order is still being made; try again.");
  if (current.status === "error") throw new DomainError("payment_unavailable", "The payment provider did not answer.");
  return current;
}

/** An order retried after a provider error takes its code's use back, unless another order has it now. */
async function reserveAgain(deps: OrderDeps, order: Order): Promise<void> {
  const { db } = deps;
  if (order.discount_code_id === null) return;
  await db
    .insertInto("discount_redemptions")
    .values({ code_id: order.discount_code_id, member_id: order.member_id, order_id: order.id, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["code_id", "member_id"]).doNothing())
    .execute();
  const holder = await db
    .selectFrom("discount_redemptions")
    .select("order_id")
    .where("code_id", "=", order.discount_code_id)
    .where("member_id", "=", order.member_id)
    .executeTakeFirst();
  if (holder?.order_id !== order.id) {
    await db.updateTable("orders").set({ status: "error", updated_at: Date.now() }).where("id", "=", order.id).execute();
    throw (await discounts.holdRefusal(db, order.discount_code_id, order.member_id)) ?? discounts.usedError();
  }
}

/** Asks the provider for the payment of an order in state "created" (owned by this request). */
async function startPayment(deps: OrderDeps, input: NewOrder, order: Order): Promise<Order> {
  const { db, adapter } = deps;
  let payment: ProviderPayment;
  try {
    // Premium's first payment belongs to the member's customer, so it makes a mandate for renewals.
    const customerId = order.sequence === "first" ? await premium.customerFor(db, adapter, input.buyer) : undefined;
    payment = await adapter.createPayment({
      orderId: order.id,
      amount: { cents: order.amount_cents, currency: order.currency },
      description:
        order.product === "premium"
          ? `${input.site.settings.name}: Premium, ${order.months} months`
          : `${input.site.settings.name}: ${order.credits} credits`,
      method: order.method,
      ...(customerId ? { sequenceType: "first" as const, customerId } : {}),
      redirectUrl: `${input.origin}/transactions/${order.id}`,
      webhookUrl: `${input.origin}/api/payment_webhook.php`,
      locale: mollieLocale(order.locale, order.country),
      metadata: { order_id: order.id },
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
    await runBatch(deps.d1, [
      db.updateTable("orders").set({ status: "error", updated_at: Date.now() }).where("id", "=", order.id),
      discounts.releaseStatement(db, order.id),
      event(db, order.id, "provider_error", detail),
    ]);
    if (error instanceof PaymentProviderError || error instanceof Error) throw providerDown(error);
    throw error;
  }
  await runBatch(deps.d1, [
    db
      .updateTable("orders")
      .set({ status: "open", provider_payment_id: payment.id, checkout_url: payment.checkoutUrl, updated_at: Date.now() })
      .where("id", "=", order.id),
    event(db, order.id, "payment_created", payment.id),
  ]);
  const updated = await findOrder(db, order.id);
  if (!updated) throw new Error(`order ${order.id} vanished`);
  return updated;
}

/** Mollie's checkout locales are language_COUNTRY; ours are languages. */
function mollieLocale(language: string, country: string): string {
  const known: Record<string, string> = {
    en: "en_US",
    nl: "nl_NL",
    de: "de_DE",
    fr: "fr_FR",
    it: "it_IT",
    es: "es_ES",
    pl: "pl_PL",
  };
  if (language === "nl" && country === "BE") return "nl_BE";
  if (language === "fr" && country === "BE") return "fr_BE";
  if (language === "de" && country === "AT") return "de_AT";
  return known[language] ?? "en_US";
}

/** States an order leaves when the provider settles it; settled ones never change back. */
const UNSETTLED: OrderStatus[] = ["created", "open", "pending"];

/** What a settle did: `paidNow` when this call made the order paid (the receipt goes out then, once). */
export interface Settled {
  paidNow: boolean;
}
const NOTHING_NEW: Settled = { paidNow: false };

/**
 * Brings the order in line with the provider's payment. Idempotent: every write is guarded by
 * the order's current state and the ledger's unique key, so any number of calls at any moment
 * grant once.
 */
export async function settle(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<Settled> {
  const { d1, db } = deps;
  if (payment.id !== order.provider_payment_id) return NOTHING_NEW;
  if (payment.amount.cents !== order.amount_cents || payment.amount.currency !== order.currency) {
    // Not the payment we asked for: grant nothing and leave it to staff.
    await runBatch(d1, [
      db
        .updateTable("orders")
        .set({ status: "review", updated_at: Date.now() })
        .where("id", "=", order.id)
        .where("status", "in", UNSETTLED),
      eventOnce(db, order.id, "amount_mismatch", `${payment.amount.cents} ${payment.amount.currency}`),
    ]);
    return NOTHING_NEW;
  }
  if (payment.chargedBack.cents > order.charged_back_cents) await applyChargeback(deps, order, payment);
  switch (payment.status) {
    case "paid":
      return settlePaid(deps, order, payment);
    case "failed":
    case "canceled":
    case "expired":
      await runBatch(d1, [
        db
          .updateTable("orders")
          .set({ status: payment.status, checkout_url: null, updated_at: Date.now() })
          .where("id", "=", order.id)
          .where("status", "in", UNSETTLED),
        // The code's use goes back to the member (only if this order is the one that failed).
        discounts.releaseStatement(db, order.id),
        // A renewal that was not paid ends the renewal: the period runs out.
        ...(order.sequence === "recurring"
          ? [
              db
                .updateTable("premium_memberships")
                .set({ renews: 0, renewal_failed_at: Date.now(), updated_at: Date.now() })
                .where("member_id", "=", order.member_id),
            ]
          : []),
        eventOnce(db, order.id, payment.status),
      ]);
      return NOTHING_NEW;
    case "pending":
    case "authorized":
      await db
        .updateTable("orders")
        .set({ status: "pending", updated_at: Date.now() })
        .where("id", "=", order.id)
        .where("status", "in", ["created", "open"])
        .execute();
      return NOTHING_NEW;
    case "open":
      return NOTHING_NEW;
  }
}

async function settlePaid(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<Settled> {
  const { d1, db } = deps;
  const member = await db.selectFrom("members").select("status").where("id", "=", order.member_id).executeTakeFirst();
  if (!member || member.status === "deleted") {
    await refundForDeletedMember(deps, order, payment);
    return NOTHING_NEW;
  }
  const now = Date.now();
  // One batch, one transaction: the credits, the order's state and its event, or none of them.
  const [updated] = await runBatch(d1, [
    db
      .updateTable("orders")
      .set({ status: "paid", paid_at: now, checkout_url: null, updated_at: now })
      .where("id", "=", order.id)
      .where("status", "not in", ["paid", "refunded", "review", "withdrawn"]),
    ...(order.product === "premium"
      ? premium.periodStatements(db, order, now)
      : [
          ledger.grantStatement(
            db,
            ledger.ledgerEntry(order.member_id, order.credits, {
              kind: "purchase",
              provider: order.provider,
              paymentId: payment.id,
            }),
            now,
          ),
        ]),
    db.updateTable("members").set({ paid_user: 1 }).where("id", "=", order.member_id),
    eventOnce(db, order.id, "paid", `${order.credits} credits granted`),
  ]);
  return { paidNow: updated?.meta.changes === 1 };
}

/**
 * The member deleted their account between checkout and payment: nothing to grant to, so the
 * payment is refunded in full. The state changes first, so only one call refunds.
 */
async function refundForDeletedMember(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<void> {
  const { d1, db, adapter } = deps;
  const claimed = await db
    .updateTable("orders")
    .set({ status: "refunded", checkout_url: null, updated_at: Date.now() })
    .where("id", "=", order.id)
    .where("status", "not in", ["paid", "refunded", "review", "withdrawn"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return;
  try {
    const refund = await adapter.refund(payment.id, payment.amount, `Refund of ${order.id}: account deleted`);
    await event(db, order.id, "refunded_account_deleted", refund.id).execute();
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
    await runBatch(d1, [
      db.updateTable("orders").set({ status: "review", updated_at: Date.now() }).where("id", "=", order.id),
      event(db, order.id, "refund_failed", detail),
    ]);
  }
}

/**
 * The payer's bank took money back (a chargeback): the credits of that share of the price go
 * back too, as a negative ledger row, whatever the balance (it may go below zero). Keyed by the
 * total charged back, so the same report twice takes them once.
 */
async function applyChargeback(deps: OrderDeps, order: Order, payment: ProviderPayment): Promise<void> {
  const { d1, db } = deps;
  const total = Math.min(payment.chargedBack.cents, order.amount_cents);
  const creditsFor = (cents: number) => Math.min(order.credits, Math.round((order.credits * cents) / order.amount_cents));
  const credits = creditsFor(total) - creditsFor(order.charged_back_cents);
  const recorded: ledger.LedgerCondition = (eb) =>
    eb.exists(db.selectFrom("orders").select("id").where("id", "=", order.id).where("charged_back_cents", "=", total));
  await runBatch(d1, [
    db
      .updateTable("orders")
      .set({ charged_back_cents: total, updated_at: Date.now() })
      .where("id", "=", order.id)
      .where("charged_back_cents", "<", total),
    ...(credits > 0
      ? [
          ledger.refundStatement(
            db,
            ledger.ledgerEntry(order.member_id, credits, { kind: "chargeback", paymentId: payment.id, totalCents: total }),
            recorded,
          ),
        ]
      : []),
    eventOnce(db, order.id, `chargeback:${total}`, `${credits} credits taken back`),
  ]);
}

/**
 * A webhook call: the provider names a payment; we ask it for the state and settle. The order
 * when it is paid (by this call or an earlier one), so what follows a payment (the receipt, the
 * sale's postback) is done again by a redelivery when a call stopped half way; each of those is
 * once-only on its own (claimReceipt, the postback's unique row).
 */
export async function receiveWebhook(deps: OrderDeps, paymentId: string): Promise<Order | null> {
  const order = await findOrderByPayment(deps.db, deps.adapter.name, paymentId);
  // Unknown ids are answered like known ones (200), so the webhook reveals nothing.
  if (!order) return null;
  await event(deps.db, order.id, "webhook").execute();
  const payment = await deps.adapter.getPayment(paymentId);
  if (!payment) return null;
  await settle(deps, order, payment);
  const current = await findOrder(deps.db, order.id);
  return current?.status === "paid" ? current : null;
}

/**
 * Claims the order's receipt for this call: true for exactly one call however many run at once
 * (a once-only event). A call that then fails to queue it gives the claim back (releaseReceipt),
 * so the provider's redelivery sends it.
 */
export async function claimReceipt(db: Db, orderId: string): Promise<boolean> {
  const result = await eventOnce(db, orderId, "receipt").executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function receiptClaimed(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("order_events")
    .select("id")
    .where("order_id", "=", orderId)
    .where("event", "=", "receipt")
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseReceipt(db: Db, orderId: string): Promise<void> {
  await db.deleteFrom("order_events").where("order_id", "=", orderId).where("event", "=", "receipt").execute();
}

/**
 * The return page's check: an unsettled order asks the provider itself, so a late webhook never
 * leaves the member waiting. A provider that does not answer leaves the order as it was.
 */
export async function reconcile(deps: OrderDeps, order: Order): Promise<{ order: Order; paidNow: boolean }> {
  const unchanged = { order, paidNow: false };
  if (!UNSETTLED.includes(order.status) || !order.provider_payment_id || order.provider !== deps.adapter.name) return unchanged;
  let settled = NOTHING_NEW;
  try {
    const payment = await deps.adapter.getPayment(order.provider_payment_id);
    if (payment) settled = await settle(deps, order, payment);
  } catch (error) {
    console.error(`reconcile ${order.id}:`, error instanceof Error ? error.message : error);
    return unchanged;
  }
  return { order: (await findOrder(deps.db, order.id)) ?? order, paidNow: settled.paidNow };
}

/** The buyer's view of an order. */
export function ownOrder(order: Order, balance: number, discountCode?: string | null): OwnOrder {
  const state = orderState(order.status);
  return {
    id: order.id,
    mine: true,
    status: state,
    product: order.product,
    product_id: order.product_id,
    credits: order.credits,
    months: order.months,
    country: order.country,
    method: order.method,
    discount_code: discountCode ?? null,
    quote: {
      currency: order.currency,
      list_cents: order.list_cents,
      discount_cents: order.discount_cents,
      amount_cents: order.amount_cents,
      vat_rate: order.vat_rate,
      vat_cents: order.vat_cents,
    },
    checkout_url: state === "pending" ? order.checkout_url : null,
    return_to: order.return_to,
    created_at: order.created_at,
    paid_at: order.paid_at,
    balance,
  };
}

/** The code an order's price has off (what "Try again" keeps), or null. */
export async function discountCodeOf(db: Db, order: Order): Promise<string | null> {
  if (order.discount_code_id === null) return null;
  const row = await db.selectFrom("discount_codes").select("code").where("id", "=", order.discount_code_id).executeTakeFirst();
  return row?.code ?? null;
}
