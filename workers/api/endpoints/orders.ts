/**
 * Commerce (issue 12; docs/api.md "Commerce"; docs/decisions/018-payments.md):
 *
 * - GET /api/pricing.php?country= (designed, public): the packages and plans priced for a buyer.
 * - GET /api/payment_methods.php?country=&package= (designed, member): the provider's methods.
 * - POST /api/orders.php (designed, member): buy a package; the order with its checkout address.
 * - GET /api/orders.php?id= (designed, public): an order, reconciled with the provider; only
 *   its state for anyone but the buyer. ?latest=credits: the member's last paid package.
 * - POST /api/payment_webhook.php (designed; the provider's): `id=tr_…`, state fetched, settled.
 */
import { Hono, type Context } from "hono";
import {
  CreateOrderBodySchema,
  OrderQuerySchema,
  PaymentMethodsQuerySchema,
  PricingQuerySchema,
} from "../../../contract/requests/orders";
import { messageCost } from "../../../contract/rules/message-cost";
import { bestCentsPerCredit, mayStrikeThrough, quote, withDiscount } from "../../../contract/rules/pricing";
import {
  LatestOrderAnswerSchema,
  type OrderAnswer,
  OrderAnswerSchema,
  type PricingAnswer,
  PricingAnswerSchema,
  PaymentMethodsAnswerSchema,
} from "../../../contract/schemas";
import type { ApiContext } from "../context";
import * as discounts from "../domain/discounts";
import * as ledger from "../domain/ledger";
import { findOrder, latestPaidCreditsOrder, type Order } from "../db/orders";
import { orderDeps } from "../domain/order-deps";
import { freeUnpayableReservations, receiveWebhook, reconcile } from "../domain/order-settlement";
import { codesOf, createOrder, orderState, ownOrder, receiptClaimed } from "../domain/orders";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { faultPoint } from "../lib/faults";
import { type Member, requireMember, viewerOf } from "../lib/member";
import { readBody, readQuery } from "../lib/request";
import { invalidInput, validQuery } from "../lib/validate";
import { publicOrigin } from "../mail/common";
import { queueReceiptMail } from "../mail/receipt";
import { postbackAfterAnswer } from "../domain/postbacks";

/** The payment country: the one asked for, else the member's, else the visitor's (geo-IP), else the site's first. */
function paymentCountry(c: Context<ApiContext>, asked: string | undefined): string {
  const countries: readonly string[] = c.var.site.settings.countries;
  if (asked !== undefined) {
    if (!countries.includes(asked)) {
      throw invalidInput({ country: "invalid" }, "Payments are not taken from that country.");
    }
    return asked;
  }
  const member = viewerOf(c)?.country;
  if (member && countries.includes(member)) return member;
  const geo = c.req.header("x-client-country")?.toUpperCase();
  if (geo && countries.includes(geo)) return geo;
  return c.var.site.settings.countries[0];
}

/** A member's discounts for the price list: reservations the provider has let go of freed first; a typed code they may not use left out. */
async function memberOffers(c: Context<ApiContext>, member: Member, code: string | undefined) {
  await freeUnpayableReservations(orderDeps(c), member.id);
  const buyer = { id: member.id, signup_date: member.signup_date, name: member.name, email: member.email };
  return discounts.offersFor(c.var.db, c.var.site, buyer, code, { strict: false });
}

const approxCents = (credits: number, perCredit: number | null) => (perCredit === null ? null : Math.round(credits * perCredit));

const orderNotFound = () => new ApiError(404, "order_not_found", "No such order.");

export const orders = new Hono<ApiContext>()
  .get("/pricing.php", validQuery(PricingQuerySchema), async (c) => {
    const { country: asked, code } = c.req.valid("query");
    const settings = c.var.site.settings;
    const country = paymentCountry(c, asked);
    const viewer = viewerOf(c);
    const offers = viewer ? await memberOffers(c, viewer, code) : [];
    const reserved = viewer ? await discounts.reservations(c.var.db, viewer.id) : [];
    if (viewer) c.header("cache-control", "private, no-store");
    const packages = settings.commerce.credit_packages.map((p) => {
      // The best of the member's discounts for each package (docs/product.md §10.5): what orders.php charges.
      const { applied, bonus, passed_over } = discounts.choose(offers, p);
      const base = quote(settings, p, country);
      return {
        id: p.id,
        credits: p.credits,
        highlight: p.highlight,
        quote: applied ? withDiscount(base, applied.percent) : base,
        discount: applied ? { code: applied.code, kind: applied.kind, percent: applied.percent } : null,
        // A credits-bonus code adds credits, never changes the price (docs/decisions/054).
        bonus: bonus?.bonus_credits ? { code: bonus.code, bonus_credits: bonus.bonus_credits } : null,
        passed_over: passed_over.map(({ offer, reason }) => ({
          code: offer.code,
          kind: offer.kind,
          percent: offer.percent,
          min_credits: offer.min_credits,
          reason,
        })),
      };
    });
    const plans = settings.commerce.premium_plans.map((p) => ({
      id: p.id,
      months: p.months,
      bonus_credits: p.bonus_credits,
      quote: quote(settings, p, country),
    }));
    const messageCredits = messageCost(settings, country);
    const pricing: PricingAnswer = {
      country,
      currency: packages[0]?.quote.currency ?? settings.commerce.currency,
      vat_rate: packages[0]?.quote.vat_rate ?? 0,
      countries: [...settings.countries],
      packages,
      premium_plans: plans,
      strike_through: mayStrikeThrough(settings.commerce.prices_since, Date.now()),
      reserved,
      message: { credits: messageCredits, approx_cents: approxCents(messageCredits, bestCentsPerCredit(settings, country)) },
    };
    return answer(c, PricingAnswerSchema, pricing);
  })
  .get("/payment_methods.php", async (c) => {
    const member = requireMember(c);
    const query = readQuery(c, PaymentMethodsQuerySchema);
    const settings = c.var.site.settings;
    const country = paymentCountry(c, query.country);
    const item =
      "plan" in query
        ? settings.commerce.premium_plans.find((p) => p.id === query.plan)
        : settings.commerce.credit_packages.find((p) => p.id === query.package);
    if (!item) throw new ApiError(422, "unknown_package", "No such package.", { fields: { package: "unknown_package" } });
    const priced = quote(settings, item, country);
    try {
      const methods = await orderDeps(c).adapter.listMethods({
        country,
        amount: { cents: priced.amount_cents, currency: priced.currency },
        locale: member.language,
        sequenceType: "plan" in query ? "first" : "oneoff",
      });
      return answer(c, PaymentMethodsAnswerSchema, { methods: methods.map((m) => ({ id: m.id, description: m.description })) });
    } catch (error) {
      console.error("payment methods:", error instanceof Error ? error.message : error);
      throw new ApiError(503, "payment_unavailable", "The payment provider did not answer.");
    }
  })
  .post("/orders.php", async (c) => {
    const member = requireMember(c);
    const body = await readBody(c, CreateOrderBodySchema);
    const deps = orderDeps(c);
    const order = await createOrder(deps, {
      site: c.var.site,
      body,
      buyer: { id: member.id, signup_date: member.signup_date, name: member.name, email: member.email },
      locale: member.language,
      origin: publicOrigin(c),
    });
    const made: OrderAnswer = {
      order: ownOrder(order, await ledger.balance(c.var.db, member.id), await codesOf(c.var.db, order)),
    };
    c.header("cache-control", "no-store");
    return answer(c, OrderAnswerSchema, made, 201);
  })
  .get("/orders.php", validQuery(OrderQuerySchema), async (c) => {
    const query = c.req.valid("query");
    c.header("cache-control", "no-store");
    if ("latest" in query) {
      const member = requireMember(c);
      const latest = await latestPaidCreditsOrder(c.var.db, member.id, c.var.site.id);
      return answer(c, LatestOrderAnswerSchema, { order: latest ?? null });
    }
    const found = await findOrder(c.var.db, query.id);
    if (!found || found.site_id !== c.var.site.id) throw orderNotFound();
    const { order, paidNow } = await reconcile(orderDeps(c), found);
    if (paidNow) await afterPaid(c, order);
    const viewer = viewerOf(c);
    const state: OrderAnswer =
      viewer?.id === order.member_id
        ? { order: ownOrder(order, await ledger.balance(c.var.db, viewer.id), await codesOf(c.var.db, order)) }
        : { order: { id: order.id, mine: false, status: orderState(order.status) } };
    return answer(c, OrderAnswerSchema, state);
  })
  .post("/payment_webhook.php", async (c) => {
    const deps = orderDeps(c);
    // Read as bytes: Mollie posts form-encoded, and text() on such a body warns in workerd.
    const body = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
    const paymentId = deps.adapter.paymentIdFromWebhook(body);
    if (!paymentId) throw invalidInput({ id: "invalid" }, "Give the payment's id.");
    try {
      const paid = await receiveWebhook(deps, paymentId);
      if (paid) {
        // The fault switch's midway point (tests): granted, but nothing after it done yet.
        faultPoint(c);
        await afterPaid(c, paid);
      }
    } catch (error) {
      // Not answered 2xx: the provider delivers it again later (Mollie retries for hours).
      console.error(`webhook ${paymentId}:`, error instanceof Error ? error.message : error);
      throw new ApiError(503, "payment_unavailable", "The payment could not be checked now; deliver it again.");
    }
    return c.body(null, 200);
  });

/**
 * What follows a payment, once each whatever number of calls get here (the webhook and its
 * redeliveries, the return page): the receipt (claimed once per order, queueReceiptMail); the
 * sale's postback (once per member by its own unique row).
 */
async function afterPaid(c: Context<ApiContext>, order: Order): Promise<void> {
  // Done by an earlier call (the usual redelivery): one read, nothing more.
  if (await receiptClaimed(c.var.db, order.id)) return;
  await Promise.all([queueReceiptMail(c, order), saleConversion(c, order)]);
}

/** The member's first sale is a conversion for their affiliate network (domain/postbacks.ts). */
function saleConversion(c: Context<ApiContext>, order: Order): Promise<void> | void {
  return postbackAfterAnswer(c, order.member_id, "sale", { amountCents: order.amount_cents, currency: order.currency });
}
