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

  it("by address without logging in: changes nothing, mails a confirmation link to the account; only the link cancels, once", async () => {
    const { id, email, cookie } = await member();
    await subscribe(cookie);
    const ip = `cancel-${crypto.randomUUID()}`;
    const ask = (address: string) =>
      call("/api/premium_cancel.php", { method: "POST", json: { email: address }, headers: { "x-client-ip": ip } });
    const byMail = await ask(email.toUpperCase());
    expect(byMail.status).toBe(202);
    // The attack: whoever typed the address stopped nothing.
    expect((await premiumOf(cookie)).premium?.renews).toBe(true);
    expect(await cancelledMails(id)).toBe(0);
    // The same answer for an address without an account (the page says "check your mail" either way).
    const unknown = await ask(`nobody-${crypto.randomUUID()}@example.com`);
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(await byMail.clone().json());

    const mail = await confirmMail(id);
    expect(mail.to_address).toBe(email);
    expect(mail.subject).toBe("Confirm the cancellation of your premium at Amora");
    const token = /\/premium\/cancel\?token=([0-9a-f]{64})/.exec(mail.text)![1]!;
    expect(await (await call(`/api/premium_cancel.php?token=${token}`)).json()).toEqual({ valid: true });
    // Used from anywhere (no login), in parallel: one wins; the renewal stops; one confirmation mail.
    const confirm = () => call("/api/premium_cancel.php?do=1", { method: "POST", json: { token } });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    expect((await premiumOf(cookie)).premium?.renews).toBe(false);
    expect(await cancelledMails(id)).toBe(1);
    // Replayed: 410, and the check says so.
    expect((await confirm()).status).toBe(410);
    expect(await (await call(`/api/premium_cancel.php?token=${token}`)).json()).toEqual({ valid: false });
  });

  it("mails nothing for an address without a renewing membership, another site's member, or bad input", async () => {
    const { id, email } = await member(); // no premium
    const ip = `cancel-${crypto.randomUUID()}`;
    const ask = (json: unknown, host?: string) =>
      call("/api/premium_cancel.php", { method: "POST", json, host, headers: { "x-client-ip": ip } });
    expect((await ask({ email })).status).toBe(202);
    expect((await ask({ email }, "127.0.0.1")).status).toBe(202);
    expect(await confirmMails(id)).toBe(0);
    for (const json of [{ email: "not an address" }, { email: "" }, {}, { email: 42 }, { email: `${"a".repeat(250)}@x.nl` }]) {
      expect((await ask(json)).status).toBe(422);
    }
    for (const token of ["0".repeat(64), "abc", "", 42, null, undefined]) {
      expect((await call("/api/premium_cancel.php?do=1", { method: "POST", json: { token } })).status).toBe(410);
    }
  });

  it("refuses an expired link and another site's link", async () => {
    const { id, email, cookie } = await member();
    await subscribe(cookie);
    await call("/api/premium_cancel.php", {
      method: "POST",
      json: { email },
      headers: { "x-client-ip": `cancel-${crypto.randomUUID()}` },
    });
    const token = /\/premium\/cancel\?token=([0-9a-f]{64})/.exec((await confirmMail(id)).text)![1]!;
    const confirm = (host?: string) => call("/api/premium_cancel.php?do=1", { method: "POST", json: { token }, host });
    expect((await confirm("127.0.0.1")).status).toBe(410);
    await env.DB.prepare("UPDATE premium_cancels SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, id)
      .run();
    expect((await confirm()).status).toBe(410);
    expect((await premiumOf(cookie)).premium?.renews).toBe(true);
  });

  it("is limited per address (3 an hour) and per IP (10 an hour), every request counting, parallel ones too", async () => {
    const { id, email, cookie } = await member();
    await subscribe(cookie);
    // 13 posts for one address from as many IPs: 3 pass, the rest are 429, 3 mails at most.
    const answers = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        call("/api/premium_cancel.php", {
          method: "POST",
          json: { email },
          headers: { "x-client-ip": `cancel-${i}-${crypto.randomUUID()}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(await confirmMails(id)).toBe(3);
    // One IP, many addresses: 10 pass.
    const ip = `cancel-${crypto.randomUUID()}`;
    const fromOneIp = await Promise.all(
      Array.from({ length: 13 }, () =>
        call("/api/premium_cancel.php", {
          method: "POST",
          json: { email: `someone-${crypto.randomUUID()}@example.com` },
          headers: { "x-client-ip": ip },
        }),
      ),
    );
    expect(fromOneIp.filter((a) => a.status === 202)).toHaveLength(10);
    expect(fromOneIp.filter((a) => a.status === 429)).toHaveLength(3);
    expect((await premiumOf(cookie)).premium?.renews).toBe(true);
  });
});

async function cancelledMails(memberId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE member_id = ? AND kind = 'premium_cancelled'")
    .bind(memberId)
    .first<{ n: number }>();
  return row!.n;
}

async function confirmMails(memberId: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM mail_outbox WHERE member_id = ? AND kind = 'premium_cancel_confirm'",
  )
    .bind(memberId)
    .first<{ n: number }>();
  return row!.n;
}

async function confirmMail(memberId: number) {
  const row = await env.DB.prepare(
    "SELECT to_address, subject, text FROM mail_outbox WHERE member_id = ? AND kind = 'premium_cancel_confirm' ORDER BY id DESC",
  )
    .bind(memberId)
    .first<{ to_address: string; subject: string; text: string }>();
  if (!row) throw new Error("no confirmation mail");
  return row;
}

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
