/**
 * Orders (docs/product.md §10, docs/decisions/018-payments.md): a member buys a package; we make
 * an order, ask the provider for a payment, and send the member to its checkout. What was bought
 * is granted only when the provider says the payment is paid (order-settlement.ts).
 */
import type { CreateOrderBodyParsed } from "../../../contract/requests/orders";
import { quote, withDiscount } from "../../../contract/rules/pricing";
import type { OrderState, OwnOrder } from "../../../contract/schemas";
import type { PaymentAdapter, ProviderPayment } from "../adapters/payments/types";
import { PaymentProviderError } from "../adapters/payments/types";
import { runBatch, type Db } from "../db/client";
import { findOrder, findOrderByKey, type Order, orderEvent, orderEventOnce } from "../db/orders";
import type { OrderStatus } from "../db/schema";
import type { Site } from "../lib/site";
import * as discounts from "./discounts";
import type { Buyer } from "./discounts";
import { DomainError } from "./errors";
import type { OrderDeps } from "./order-deps";
import { freeUnpayableReservations } from "./order-settlement";
import * as premium from "./premium";
import { findMembership } from "./premium";

/** Read by mail/ and the API tests from here, where they were before the split (issue 26). */
export type { Order };
export { findOrder };

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
  let bonus: discounts.Offer | null = null;
  if (item.months > 0) {
    // Codes are for credit packages (their list price); premium has none.
    if (body.code) {
      const typed = await discounts.codeForMember(db, site.id, buyer, body.code);
      discounts.assertApplies(typed, { id: item.id, credits: -1 });
    }
  } else {
    // The best of the member's discounts for this package wins (docs/product.md §10.5): a typed
    // code that gives less than the welcome offer, or is not for this package, does not count.
    // A credits-bonus code does not take part in the price: it adds credits on top (docs/decisions/054).
    const offers = await discounts.offersFor(db, site, buyer, body.code, { strict: true });
    ({ applied: code, bonus } = discounts.choose(offers, item));
  }
  // Fixed into the order now, so the settlement grants it once with the package (order.credits)
  // and a refund or withdrawal takes it back pro rata with the rest (creditsBetween).
  const bonusCredits = bonus?.bonus_credits ?? 0;
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
      credits: item.credits + bonusCredits,
      bonus_credits: bonusCredits,
      bonus_code_id: bonusCredits > 0 ? (bonus?.id ?? null) : null,
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
  // The order and its codes' one use each (the price's and the bonus's), together: a code
  // already used (by an order of another moment), or one whose cap is reached, refuses the batch.
  const held = [code, bonusCredits > 0 ? bonus : null].filter((c): c is discounts.Offer => c !== null);
  let inserted = false;
  try {
    const [result] = await runBatch(deps.d1, [
      insert,
      ...held.map((c) => discounts.reserveStatement(db, c.id, memberId, id, now)),
    ]);
    inserted = result?.meta.changes === 1;
  } catch (error) {
    if (!(await findOrderByKey(db, memberId, body.key))) {
      // Another order took a code's one use at the same moment: it is reserved for that one, or used.
      const heldIds = held.map((c) => c.id);
      if (heldIds.length > 0) throw await discounts.takenRefusalOf(db, heldIds, memberId);
      throw error;
    }
  }
  if (!inserted) {
    // The same key at the same moment (a double click): the first request makes the payment.
    const first = await findOrderByKey(db, memberId, body.key);
    if (!first) throw new Error(`order with key ${body.key} vanished`);
    return resume(deps, input, first);
  }
  const what =
    item.months > 0
      ? `premium ${item.months} months, ${item.credits} bonus credits`
      : bonusCredits > 0
        ? `${item.credits} credits and ${bonusCredits} bonus credits (${bonus?.code})`
        : `${item.credits} credits`;
  await orderEvent(db, id, "created", `${what}, ${priced.amount_cents} ${priced.currency}, ${body.method}`).execute();
  const order = await findOrder(db, id);
  if (!order) throw new Error(`order ${id} vanished`);
  return startPayment(deps, input, order);
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

/** An order retried after a provider error takes its codes' uses back (its price's and its bonus's), unless another order has one now. */
async function reserveAgain(deps: OrderDeps, order: Order): Promise<void> {
  const { db } = deps;
  for (const codeId of [order.discount_code_id, order.bonus_code_id]) {
    if (codeId === null) continue;
    await db
      .insertInto("discount_redemptions")
      .values({ code_id: codeId, member_id: order.member_id, order_id: order.id, created_at: Date.now() })
      .onConflict((oc) => oc.columns(["code_id", "member_id"]).doNothing())
      .execute()
      // Refused by the code's total cap (migration 0031): the check below answers why.
      .catch(() => undefined);
    const holder = await db
      .selectFrom("discount_redemptions")
      .select("order_id")
      .where("code_id", "=", codeId)
      .where("member_id", "=", order.member_id)
      .executeTakeFirst();
    if (holder?.order_id !== order.id) {
      await db.updateTable("orders").set({ status: "error", updated_at: Date.now() }).where("id", "=", order.id).execute();
      // The status is error now, so the use this loop took for the other code goes back too.
      await db.executeQuery(discounts.releaseStatement(db, order.id).compile());
      throw await discounts.takenRefusalOf(db, [codeId], order.member_id);
    }
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
      orderEvent(db, order.id, "provider_error", detail),
    ]);
    if (error instanceof PaymentProviderError || error instanceof Error) throw providerDown(error);
    throw error;
  }
  await runBatch(deps.d1, [
    db
      .updateTable("orders")
      .set({ status: "open", provider_payment_id: payment.id, checkout_url: payment.checkoutUrl, updated_at: Date.now() })
      .where("id", "=", order.id),
    orderEvent(db, order.id, "payment_created", payment.id),
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

/**
 * Claims the order's receipt for this call: true for exactly one call however many run at once
 * (a once-only event). A call that then fails to queue it gives the claim back (releaseReceipt),
 * so the provider's redelivery sends it.
 */
export async function claimReceipt(db: Db, orderId: string): Promise<boolean> {
  const result = await orderEventOnce(db, orderId, "receipt").executeTakeFirst();
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

/** The buyer's view of an order. */
export function ownOrder(
  order: Order,
  balance: number,
  codes: { discount: string | null; bonus: string | null } = { discount: null, bonus: null },
): OwnOrder {
  const state = orderState(order.status);
  return {
    id: order.id,
    mine: true,
    status: state,
    product: order.product,
    product_id: order.product_id,
    credits: order.credits,
    bonus_credits: order.bonus_credits,
    bonus_code: codes.bonus,
    months: order.months,
    country: order.country,
    method: order.method,
    discount_code: codes.discount,
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

/** The code an order's price has off, and the credits-bonus code that added credits to it (each null when none). */
export async function codesOf(db: Db, order: Order): Promise<{ discount: string | null; bonus: string | null }> {
  const ids = [order.discount_code_id, order.bonus_code_id].filter((id): id is number => id !== null);
  if (ids.length === 0) return { discount: null, bonus: null };
  const rows = await db.selectFrom("discount_codes").select(["id", "code"]).where("id", "in", ids).execute();
  const codeOf = (id: number | null) => rows.find((row) => row.id === id)?.code ?? null;
  return { discount: codeOf(order.discount_code_id), bonus: codeOf(order.bonus_code_id) };
}
