/**
 * Premium membership (issue 12; workers/api/domain/premium.ts, renewals.ts) on real D1 with the
 * demo provider: buying a plan (a first payment), its advantages (bonus credits, the badge),
 * extending once per paid order, cancelling (logged in and by address), renewing with a
 * recurring payment once per period, a renewal that cannot be charged, and the end of a period.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MemberAnswerSchema, OrderAnswerSchema, PremiumAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { demoAdapter } from "../../workers/api/adapters/payments/demo";
import { PaymentProviderError } from "../../workers/api/adapters/payments/types";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { findMembership, MONTH_MS } from "../../workers/api/domain/premium";
import { renewDue } from "../../workers/api/domain/renewals";
import { findSiteById } from "../../workers/api/lib/site";
import { call, createMember, ensureSites, formPost, loginAs, settleAtDemoCheckout } from "./helpers";

beforeAll(ensureSites);
const db = createDb(env.DB);
let counter = 0;

async function member() {
  const created = await createMember();
  return { ...created, cookie: await loginAs(created) };
}

function premiumOrder(cookie: string, overrides: Record<string, unknown> = {}) {
  return call("/api/orders.php", {
    method: "POST",
    cookie,
    json: {
      product: "premium",
      product_id: "1m",
      method: "ideal",
      country: "NL",
      key: `premium-key-${Date.now()}-${++counter}-abc`,
      expected_cents: 1499,
      expected_currency: "EUR",
      ...overrides,
    },
  });
}

/** Buys the 1-month plan and pays it; answers the order id and the demo payment id. */
async function subscribe(cookie: string) {
  const response = await premiumOrder(cookie);
  expect(response.status).toBe(201);
  const { order } = OrderAnswerSchema.parse(await response.json());
  return { orderId: order.id, paymentId: await settleAtDemoCheckout(order.id, "paid") };
}

async function premiumOf(cookie: string) {
  const response = await call("/api/premium.php", { cookie });
  expect(response.status).toBe(200);
  return PremiumAnswerSchema.parse(await response.json());
}

const renewalDeps = () => ({ d1: env.DB, db, adapter: demoAdapter(db), siteById: (id: number) => findSiteById(db, id) });

describe("buying premium", () => {
  it("starts a month of premium with its bonus credits, the badge and a receipt", async () => {
    const { id, cookie } = await member();
    const before = Date.now();
    await subscribe(cookie);
    const { premium } = await premiumOf(cookie);
    expect(premium).toMatchObject({ plan_id: "1m", months: 1, renews: true, canceled_at: null });
    expect(premium!.until).toBeGreaterThanOrEqual(before + MONTH_MS);
    expect(premium!.until).toBeLessThanOrEqual(Date.now() + MONTH_MS);
    expect(await ledger.balance(db, id)).toBe(100);

    const { user } = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie })).json());
    expect(user.premium?.plan_id).toBe("1m");
    expect(user.paid_user).toBe(true);
    const viewer = await member();
    const { profile } = MemberAnswerSchema.parse(
      await (await call(`/api/profile.php?id=${id}`, { cookie: viewer.cookie })).json(),
    );
    expect(profile.premium).toBe(true);

    const mail = await env.DB.prepare("SELECT text FROM mail_outbox WHERE member_id = ? AND kind = 'receipt'")
      .bind(id)
      .first<{ text: string }>();
    expect(mail?.text).toContain("Item: Premium membership, 1 month");
    expect(mail?.text).toContain("Total paid: €14.99");
  });

  it("extends once when the webhook comes many times at once", async () => {
    const { id, cookie } = await member();
    const { paymentId } = await subscribe(cookie);
    const until = (await premiumOf(cookie)).premium!.until;
    await Promise.all(Array.from({ length: 5 }, () => call("/api/payment_webhook.php", formPost({ id: paymentId }))));
    expect((await premiumOf(cookie)).premium!.until).toBe(until);
    expect(await ledger.balance(db, id)).toBe(100);
  });

  it("refuses a second subscription while one renews, a discount code, and an unknown plan", async () => {
    const { cookie } = await member();
    await subscribe(cookie);
    const again = await premiumOrder(cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "premium_active" });
    const other = await member();
    const coded = await premiumOrder(other.cookie, { code: "HELLO10" });
    expect([404, 422]).toContain(coded.status);
    const unknown = await premiumOrder(other.cookie, { product_id: "forever" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: "unknown_package" });
  });
});

describe("cancelling", () => {
  it("stops the renewal, keeps premium to the end of the period, and confirms by mail once", async () => {
    const { id, cookie } = await member();
    await subscribe(cookie);
    const until = (await premiumOf(cookie)).premium!.until;
    const cancel = () => call("/api/premium.php", { method: "POST", cookie, json: { action: "cancel" } });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const { premium } = await premiumOf(cookie);
    expect(premium).toMatchObject({ renews: false, until });
    expect(premium!.canceled_at).not.toBeNull();
    const mails = await env.DB.prepare("SELECT subject FROM mail_outbox WHERE member_id = ? AND kind = 'premium_cancelled'")
      .bind(id)
      .all();
    expect(mails.results).toEqual([{ subject: "Your premium membership at Amora is cancelled" }]);

    // A cancelled membership is not renewed; subscribing again continues from its end.
    expect(await renewDue(renewalDeps(), until, id)).toEqual([]);
    await subscribe(cookie);
    const renewed = (await premiumOf(cookie)).premium!;
    expect(renewed).toMatchObject({ renews: true, canceled_at: null, until: until + MONTH_MS });
  });

  it("cancels by address without logging in, answering the same for any address", async () => {
    const { email, cookie } = await member();
    await subscribe(cookie);
    const byMail = await call("/api/premium_cancel.php", { method: "POST", json: { email: email.toUpperCase() } });
    expect(byMail.status).toBe(202);
    expect((await premiumOf(cookie)).premium?.renews).toBe(false);
    const unknown = await call("/api/premium_cancel.php", { method: "POST", json: { email: "nobody-here@example.com" } });
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await byMail.clone().json());
    expect((await call("/api/premium_cancel.php", { method: "POST", json: { email: "not an address" } })).status).toBe(422);
  });
});

describe("renewing", () => {
  it("charges the next period on the mandate once, even when the job runs twice at once", async () => {
    const { id, cookie } = await member();
    await subscribe(cookie);
    const until = (await premiumOf(cookie)).premium!.until;
    const now = until - 60 * 60 * 1000; // an hour before the end: due
    const [first, second] = await Promise.all([renewDue(renewalDeps(), now, id), renewDue(renewalDeps(), now, id)]);
    const results = [...first, ...second].map((o) => o.result).sort();
    expect(results).toEqual(["paid", "skipped"]);
    expect((await premiumOf(cookie)).premium!.until).toBe(until + MONTH_MS);
    expect(await ledger.balance(db, id)).toBe(200);
    const orders = await env.DB.prepare("SELECT sequence, status FROM orders WHERE member_id = ? ORDER BY created_at")
      .bind(id)
      .all();
    expect(orders.results).toEqual([
      { sequence: "first", status: "paid" },
      { sequence: "recurring", status: "paid" },
    ]);
  });

  it("is what the development panel's call does", async () => {
    const { cookie, email } = await member();
    await subscribe(cookie);
    const response = await call("/api/dev/renewals.php", { method: "POST", cookie, json: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ renewals: [{ result: "paid" }] });
    // The renewal's receipt, besides the first one.
    const receipts = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'receipt' AND member_id = (SELECT member_id FROM premium_memberships WHERE member_id IN (SELECT id FROM members WHERE email = ?))",
    )
      .bind(email)
      .first<{ n: number }>();
    expect(receipts?.n).toBe(2);
    // The provider's webhook for the renewal's payment (Mollie sends one for recurring payments
    // too) finds its receipt sent: no second one (docs/decisions/037).
    const renewal = await env.DB.prepare(
      "SELECT provider_payment_id AS id FROM orders WHERE sequence = 'recurring' AND member_id = (SELECT id FROM members WHERE email = ?)",
    )
      .bind(email)
      .first<{ id: string }>();
    const webhook = await call("/api/payment_webhook.php", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `id=${renewal?.id}`,
    });
    expect(webhook.status).toBe(200);
    const after = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'receipt' AND member_id = (SELECT id FROM members WHERE email = ?)",
    )
      .bind(email)
      .first<{ n: number }>();
    expect(after?.n).toBe(2);
    expect((await call("/api/dev/renewals.php", { method: "POST", cookie, host: "amora.example", json: {} })).status).toBe(404);
  });

  it("ends the renewal when the payment cannot be charged; premium then runs out", async () => {
    const { id, cookie } = await member();
    await subscribe(cookie);
    const until = (await premiumOf(cookie)).premium!.until;
    const failing = {
      ...renewalDeps(),
      adapter: {
        ...demoAdapter(db),
        createPayment: async () => {
          throw new PaymentProviderError("The customer has no valid mandate", false);
        },
      },
    };
    const [outcome] = await renewDue(failing, until - 1000, id);
    expect(outcome?.result).toBe("failed");
    const answer = await premiumOf(cookie);
    expect(answer.premium).toMatchObject({ renews: false, until });
    expect(answer.renewal_failed_at).not.toBeNull();

    await env.DB.prepare("UPDATE premium_memberships SET current_period_end = ? WHERE member_id = ?")
      .bind(Date.now() - 1000, id)
      .run();
    expect((await premiumOf(cookie)).premium).toBeNull();
    expect(await findMembership(db, id)).toBeDefined();
    const viewer = await member();
    const { profile } = MemberAnswerSchema.parse(
      await (await call(`/api/profile.php?id=${id}`, { cookie: viewer.cookie })).json(),
    );
    expect(profile.premium).toBe(false);
  });
});
