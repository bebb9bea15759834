/**
 * Withdrawing from a purchase (issue 12; workers/api/domain/withdrawals.ts) and chargebacks, on
 * real D1 with the demo provider: the unused credits go back and their share of the price is
 * refunded (pro rata), once, whatever is sent twice or at once; the 14 days; other members'
 * orders; a refund the provider refuses is tried again; a chargeback takes its credits back once.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderAnswerSchema, WithdrawalAnswerSchema, WithdrawalsAnswerSchema } from "../../contract/schemas";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { call, createMember, ensureSites, formPost, loginAs, settleAtDemoCheckout } from "./helpers";

beforeAll(ensureSites);
const db = createDb(env.DB);
let counter = 0;

/** A member past the welcome offer's 48 hours, so a package costs its list price. */
async function buyer(options: { credits?: number } = {}) {
  const member = await createMember(options);
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
    .bind(Date.now() - 49 * 60 * 60 * 1000, member.id)
    .run();
  return { ...member, cookie: await loginAs(member) };
}

/** The withdrawal acknowledgement mails the member got. */
async function withdrawalMails(memberId: number) {
  const mails = await env.DB.prepare("SELECT subject, text, html FROM mail_outbox WHERE member_id = ? AND kind = 'withdrawal'")
    .bind(memberId)
    .all<{ subject: string; text: string; html: string }>();
  return mails.results;
}

/** Buys the 250-credit package (€19.99) and pays it at the demo checkout. */
async function boughtPackage(cookie: string) {
  const response = await call("/api/orders.php", {
    method: "POST",
    cookie,
    json: {
      product: "credits",
      product_id: "250",
      method: "ideal",
      country: "NL",
      key: `withdraw-key-${Date.now()}-${++counter}-abc`,
      expected_cents: 1999,
      expected_currency: "EUR",
    },
  });
  expect(response.status).toBe(201);
  const { order } = OrderAnswerSchema.parse(await response.json());
  return { orderId: order.id, paymentId: await settleAtDemoCheckout(order.id, "paid") };
}

async function spend(memberId: number, credits: number) {
  const result = await ledger.charge(env.DB, db, {
    memberId,
    amount: credits,
    reason: "message",
    key: `spend:${memberId}:${++counter}`,
  });
  expect(result.outcome).toBe("written");
}

const withdraw = (cookie: string, order: string) => call("/api/withdrawals.php", { method: "POST", cookie, json: { order } });

async function refundedCents(paymentId: string) {
  const row = await env.DB.prepare("SELECT refunded_cents FROM demo_payments WHERE id = ?")
    .bind(paymentId)
    .first<{ refunded_cents: number }>();
  return row?.refunded_cents;
}

describe("withdrawing from a purchase", () => {
  it("takes back the unused credits and refunds their share of the price, and says so by mail", async () => {
    const { id, cookie } = await buyer({ credits: 50 });
    const { orderId, paymentId } = await boughtPackage(cookie);
    // 100 credits spent: the 50 older ones first, then 50 of the purchase; 200 of it are unused.
    await spend(id, 100);

    const list = WithdrawalsAnswerSchema.parse(await (await call("/api/withdrawals.php", { cookie })).json());
    expect(list.purchases).toHaveLength(1);
    expect(list.purchases[0]).toMatchObject({ unused_credits: 200, refund_cents: 1599, withdrawn: null });

    const response = await withdraw(cookie, orderId);
    expect(response.status).toBe(201);
    const { purchase } = WithdrawalAnswerSchema.parse(await response.json());
    expect(purchase).toMatchObject({ unused_credits: 200, refund_cents: 1599, withdrawn: { refund_status: "refunded" } });
    expect(await ledger.balance(db, id)).toBe(0);
    expect(await refundedCents(paymentId)).toBe(1599);

    const order = OrderAnswerSchema.parse(await (await call(`/api/orders.php?id=${orderId}`, { cookie })).json()).order;
    expect(order.status).toBe("withdrawn");
    const mails = await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE member_id = ? AND kind = 'withdrawal'")
      .bind(id)
      .all<{ subject: string; text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]?.subject).toBe(`We received your withdrawal (${orderId})`);
    expect(mails.results[0]?.text).toContain("Refund: €15.99");
    expect(mails.results[0]?.text).toContain("Credits taken back: 200 credits");
    // A legal record: it names what was bought.
    expect(mails.results[0]?.text).toContain("you withdrew from your purchase of 250 credits.");
    expect(mails.results[0]?.text).toContain("You bought: 250 credits, €19.99");
  });

  it("withdraws once when asked several times at once, and answers the same afterwards", async () => {
    const { id, cookie } = await buyer();
    const { orderId, paymentId } = await boughtPackage(cookie);
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(cookie, orderId)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect((await withdraw(cookie, orderId)).status).toBe(200);
    expect(await ledger.balance(db, id)).toBe(0);
    expect(await refundedCents(paymentId)).toBe(1999);
    const rows = await env.DB.prepare("SELECT amount FROM credit_ledger WHERE member_id = ? AND reason = 'withdrawal'")
      .bind(id)
      .all();
    expect(rows.results).toEqual([{ amount: -250 }]);
    const mails = await env.DB.prepare("SELECT id FROM mail_outbox WHERE member_id = ? AND kind = 'withdrawal'").bind(id).all();
    expect(mails.results).toHaveLength(1);
  });

  it("refunds nothing when every credit of the purchase was used", async () => {
    const { id, cookie } = await buyer();
    const { orderId, paymentId } = await boughtPackage(cookie);
    await spend(id, 250);
    const { purchase } = WithdrawalAnswerSchema.parse(await (await withdraw(cookie, orderId)).json());
    expect(purchase).toMatchObject({ unused_credits: 0, refund_cents: 0, withdrawn: { refund_status: "none" } });
    expect(await refundedCents(paymentId)).toBe(0);
  });

  it("refuses after 14 days, another member's order, visitors and junk", async () => {
    const { cookie } = await buyer();
    const { orderId } = await boughtPackage(cookie);
    const other = await buyer();
    expect((await withdraw(other.cookie, orderId)).status).toBe(404);
    expect((await call(`/api/withdrawals.php?order=${orderId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call("/api/withdrawals.php", { method: "POST", json: { order: orderId } })).status).toBe(403);
    for (const order of ["", "ord_1", "'; DROP TABLE orders; --", 12]) {
      expect((await withdraw(cookie, order as string)).status).toBe(422);
    }
    await env.DB.prepare("UPDATE orders SET paid_at = ? WHERE id = ?")
      .bind(Date.now() - 15 * 24 * 60 * 60 * 1000, orderId)
      .run();
    const late = await withdraw(cookie, orderId);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: "withdrawal_period_over" });
  });

  it("tries a refund the provider refused again when the purchase is looked at", async () => {
    const { cookie } = await buyer();
    const { orderId, paymentId } = await boughtPackage(cookie);
    // The provider refuses (the demo refunds only paid payments): the withdrawal stands, the refund waits.
    await env.DB.prepare("UPDATE demo_payments SET status = 'pending' WHERE id = ?").bind(paymentId).run();
    const first = WithdrawalAnswerSchema.parse(await (await withdraw(cookie, orderId)).json());
    expect(first.purchase.withdrawn?.refund_status).toBe("failed");
    await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?").bind(paymentId).run();
    const again = WithdrawalAnswerSchema.parse(await (await call(`/api/withdrawals.php?order=${orderId}`, { cookie })).json());
    expect(again.purchase.withdrawn?.refund_status).toBe("refunded");
    expect(await refundedCents(paymentId)).toBe(1999);
  });
});

describe("a chargeback", () => {
  it("takes the credits of the charged-back share back once, whatever the balance", async () => {
    const { id, cookie } = await buyer();
    const { paymentId } = await boughtPackage(cookie);
    await spend(id, 200);
    await env.DB.prepare("UPDATE demo_payments SET charged_back_cents = 1999 WHERE id = ?").bind(paymentId).run();
    expect((await call("/api/payment_webhook.php", formPost({ id: paymentId }))).status).toBe(200);
    expect((await call("/api/payment_webhook.php", formPost({ id: paymentId }))).status).toBe(200);
    expect(await ledger.balance(db, id)).toBe(-200);
    const rows = await env.DB.prepare("SELECT amount FROM credit_ledger WHERE member_id = ? AND reason = 'chargeback'")
      .bind(id)
      .all();
    expect(rows.results).toEqual([{ amount: -250 }]);
  });
});

describe("withdrawing from premium", () => {
  async function subscribed() {
    const buyerMember = await buyer();
    const response = await call("/api/orders.php", {
      method: "POST",
      cookie: buyerMember.cookie,
      json: {
        product: "premium",
        product_id: "1m",
        method: "ideal",
        country: "NL",
        key: `withdraw-premium-${Date.now()}-${++counter}-abc`,
        expected_cents: 1499,
        expected_currency: "EUR",
      },
    });
    expect(response.status).toBe(201);
    const { order } = OrderAnswerSchema.parse(await response.json());
    const paymentId = await settleAtDemoCheckout(order.id, "paid");
    return { ...buyerMember, orderId: order.id, paymentId };
  }

  it("refunds the days not had, takes back the unused bonus credits, and ends premium now", async () => {
    const { id, cookie, orderId, paymentId } = await subscribed();
    // Three of the thirty days have passed (the purchase and its period move back in time).
    const threeDays = 3 * 24 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE orders SET paid_at = paid_at - ? WHERE id = ?").bind(threeDays, orderId).run();
    await env.DB.prepare("UPDATE premium_memberships SET current_period_end = current_period_end - ? WHERE member_id = ?")
      .bind(threeDays, id)
      .run();
    await spend(id, 40);

    const response = await withdraw(cookie, orderId);
    expect(response.status).toBe(201);
    const { purchase } = WithdrawalAnswerSchema.parse(await response.json());
    expect(purchase.order).toMatchObject({ product: "premium", months: 1, credits: 100 });
    expect(purchase.unused_credits).toBe(60);
    expect(purchase.refund_cents).toBeGreaterThanOrEqual(1348);
    expect(purchase.refund_cents).toBeLessThanOrEqual(1350); // €14.99 × 27/30
    expect(await refundedCents(paymentId)).toBe(purchase.refund_cents);
    expect(await ledger.balance(db, id)).toBe(0);
    const premium = await (await call("/api/premium.php", { cookie })).json();
    expect(premium).toMatchObject({ premium: null });

    // The acknowledgement names the premium membership, not its bonus credits as a package.
    const [mail, ...more] = await withdrawalMails(id);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain("you withdrew from your purchase of Premium membership, 1 month.");
    expect(mail?.text).toContain("You bought: Premium membership, 1 month, €14.99");
    expect(mail?.text).toContain("Bonus credits taken back: 60 credits");
    expect(mail?.text).toContain("You pay for the days you had premium");
    expect(mail?.text).not.toMatch(/purchase of 100 credits|Credits you used before withdrawing/);
    expect(mail?.html).toContain("Premium membership, 1 month");
  });

  it("names a 3-month plan by its months in the acknowledgement", async () => {
    const member = await buyer();
    const response = await call("/api/orders.php", {
      method: "POST",
      cookie: member.cookie,
      json: {
        product: "premium",
        product_id: "3m",
        method: "ideal",
        country: "NL",
        key: `withdraw-premium3-${Date.now()}-${++counter}-abc`,
        expected_cents: 3499,
        expected_currency: "EUR",
      },
    });
    expect(response.status).toBe(201);
    const { order } = OrderAnswerSchema.parse(await response.json());
    await settleAtDemoCheckout(order.id, "paid");
    expect((await withdraw(member.cookie, order.id)).status).toBe(201);
    const [mail] = await withdrawalMails(member.id);
    expect(mail?.text).toContain("you withdrew from your purchase of Premium membership, 3 months.");
    expect(mail?.text).toContain("You bought: Premium membership, 3 months, €34.99");
  });

  it("has no withdrawal for a renewal (it is not a new contract)", async () => {
    const { id, cookie } = await subscribed();
    await env.DB.prepare("UPDATE orders SET sequence = 'recurring' WHERE member_id = ?").bind(id).run();
    const { purchases } = WithdrawalsAnswerSchema.parse(await (await call("/api/withdrawals.php", { cookie })).json());
    expect(purchases).toEqual([]);
  });
});
