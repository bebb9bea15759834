/**
 * Credits-bonus general codes (issue 28 point 4; docs/decisions/054): N extra credits on a
 * credit package bought with the code, never a different price; granted once with the package
 * when the order is paid (also with the webhook delivered ten times at once), once per member,
 * held to the code's total cap; none on premium; taken back pro rata by a withdrawal and with
 * the package by a chargeback; shown on the receipt and the console's order page; and the
 * console refuses a bonus that is not a whole number of 1–10 000, or given with a percent.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DiscountAnswerSchema, OrderAnswerSchema, PricingAnswerSchema, WithdrawalAnswerSchema } from "../../contract/schemas";
import { StaffOrderAnswerSchema } from "../../contract/staff-orders";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { auditLines, lateBuyer, makeCode, orderWith, readCode, saveCode, validBody } from "./discount-code-helpers";
import { call, createMember, ensureSites, formPost, loginAs, settleAtDemoCheckout } from "./helpers";
import { count, createHost, errorOf, type SignedInStaff } from "./host-helpers";

let admin: SignedInStaff;

beforeAll(async () => {
  await ensureSites();
  admin = await createHost({ siteId: 1, role: "admin" });
});

const bonusCode = (overrides: Parameters<typeof makeCode>[1] = {}) =>
  makeCode(admin.cookie, { percent: null, bonus_credits: 50, ...overrides });

async function pricing(cookie: string, code: string) {
  const response = await call(`/api/pricing.php?country=NL&code=${code}`, { cookie });
  return PricingAnswerSchema.parse(await response.json());
}

async function placed(response: Response) {
  expect(response.status, await response.clone().text()).toBe(201);
  return OrderAnswerSchema.parse(await response.json()).order;
}

async function balanceOf(memberId: number) {
  return count("SELECT coalesce(sum(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", memberId);
}

describe("what a member sees and pays", () => {
  it("answers the code as a bonus (percent 0) and adds it to the packages it is for, the price unchanged", async () => {
    const { code } = await bonusCode({ min_credits: 250 });
    const buyer = await lateBuyer();
    const discount = DiscountAnswerSchema.parse(
      await (await call(`/api/discountcode.php?code=${code}`, { cookie: buyer.cookie })).json(),
    ).discount;
    expect(discount).toMatchObject({ code, kind: "general", percent: 0, bonus_credits: 50, min_credits: 250 });
    const prices = await pricing(buyer.cookie, code);
    const byId = (id: string) => prices.packages.find((p) => p.id === id)!;
    expect(byId("250")).toMatchObject({ bonus: { code, bonus_credits: 50 }, discount: null });
    expect(byId("250").quote).toMatchObject({ list_cents: 1999, discount_cents: 0, amount_cents: 1999 });
    expect(byId("600").bonus).toEqual({ code, bonus_credits: 50 });
    // Not for the 100-credit package: no bonus there, and it says why.
    expect(byId("100").bonus).toBeNull();
    expect(byId("100").passed_over).toEqual([{ code, kind: "general", percent: 0, min_credits: 250, reason: "not_for_package" }]);
  });

  it("never raises a price: with the welcome offer active the member pays the welcome price and gets the bonus", async () => {
    const { code } = await bonusCode();
    const member = await createMember();
    const cookie = await loginAs(member);
    const popular = (await pricing(cookie, code)).packages.find((p) => p.id === "250")!;
    expect(popular.discount).toMatchObject({ kind: "welcome", percent: 20 });
    expect(popular.quote.amount_cents).toBe(1599);
    expect(popular.bonus).toEqual({ code, bonus_credits: 50 });
    // The list price (what the code alone would mean) is refused; the welcome price is charged.
    await errorOf(await orderWith(cookie, code, 1999), 409, "price_changed");
    const order = await placed(await orderWith(cookie, code, 1599));
    expect(order).toMatchObject({
      credits: 300,
      bonus_credits: 50,
      bonus_code: code,
      discount_code: "WELCOME",
      quote: { amount_cents: 1599 },
    });
  });

  it("gives a premium plan no bonus: as with a percentage code, the plan is not what it is for", async () => {
    const { id, code } = await bonusCode();
    const buyer = await lateBuyer();
    const response = await call("/api/orders.php", {
      method: "POST",
      cookie: buyer.cookie,
      json: {
        product: "premium",
        product_id: "1m",
        method: "ideal",
        country: "NL",
        key: `bonus-premium-${Date.now()}-key`,
        expected_cents: 1499,
        expected_currency: "EUR",
        code,
      },
    });
    await errorOf(response, 422, "discount_not_applicable");
    expect(await count("SELECT count(*) AS n FROM discount_redemptions WHERE code_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM orders WHERE member_id = ? AND bonus_credits > 0", buyer.id)).toBe(0);
    // The plan's price carries no bonus either.
    expect((await pricing(buyer.cookie, code)).premium_plans.find((p) => p.id === "1m")).not.toHaveProperty("bonus");
  });
});

describe("granting the bonus", () => {
  it("grants package and bonus once, with the webhook delivered ten times at once", async () => {
    const { id, code } = await bonusCode({ bonus_credits: 75 });
    const buyer = await lateBuyer();
    const order = await placed(await orderWith(buyer.cookie, code, 1999));
    expect(order).toMatchObject({ credits: 325, bonus_credits: 75 });
    const paymentId = await settleAtDemoCheckout(order.id, "paid");
    const hooks = await Promise.all(
      Array.from({ length: 10 }, () => call("/api/payment_webhook.php", formPost({ id: paymentId }))),
    );
    for (const hook of hooks) expect(hook.status).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(325);
    // One receipt, naming the package and the bonus apart.
    const receipts = await env.DB.prepare("SELECT text FROM mail_outbox WHERE member_id = ? AND kind = 'receipt'")
      .bind(buyer.id)
      .all<{ text: string }>();
    expect(receipts.results).toHaveLength(1);
    expect(receipts.results[0]?.text).toContain("250 credits");
    expect(receipts.results[0]?.text).toContain("+75 bonus credits");
    expect(await count("SELECT count(*) AS n FROM credit_ledger WHERE member_id = ? AND amount > 0", buyer.id)).toBe(1);
    const seen = OrderAnswerSchema.parse(await (await call(`/api/orders.php?id=${order.id}`, { cookie: buyer.cookie })).json());
    expect(seen.order).toMatchObject({ status: "paid", credits: 325, bonus_credits: 75, bonus_code: code, balance: 325 });
    // The console counts the paid order as a use and its price as revenue.
    const { code: described, uses } = await readCode(admin.cookie, id);
    expect(described).toMatchObject({
      kind: "bonus",
      bonus_credits: 75,
      percent: null,
      used: 1,
      revenue: [{ currency: "EUR", cents: 1999 }],
    });
    expect(uses).toEqual([expect.objectContaining({ order_id: order.id, bonus_credits: 75 })]);
    // The console's order page names the bonus and its code (docs/product.md §16.4).
    const staffOrder = StaffOrderAnswerSchema.parse(
      await (await call(`/api/staff/order.php?id=${order.id}`, { cookie: admin.cookie })).json(),
    ).order;
    expect(staffOrder).toMatchObject({ credits: 325, bonus_credits: 75, bonus_code: code, discount_code: null });
  }, 30_000);

  it("is used once per member: a second order is refused, a failed one gives the use back", async () => {
    const { code } = await bonusCode();
    const buyer = await lateBuyer();
    const first = await placed(await orderWith(buyer.cookie, code, 1999));
    await errorOf(await orderWith(buyer.cookie, code, 1999), 409, "discount_reserved");
    await settleAtDemoCheckout(first.id, "failed");
    const second = await placed(await orderWith(buyer.cookie, code, 1999));
    await settleAtDemoCheckout(second.id, "paid");
    await errorOf(await orderWith(buyer.cookie, code, 1999), 409, "discount_used");
    expect(await balanceOf(buyer.id)).toBe(300);
  }, 30_000);

  it("holds the total cap with 20 members ordering at once", async () => {
    const { id, code } = await bonusCode({ max_uses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => lateBuyer()));
    const answers = await Promise.all(buyers.map((b) => orderWith(b.cookie, code, 1999)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 410)).toHaveLength(15);
    expect(await count("SELECT count(*) AS n FROM discount_redemptions WHERE code_id = ?", id)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM orders WHERE bonus_code_id = ?", id)).toBe(5);
  }, 60_000);

  it("a withdrawal takes the bonus back with the package, pro rata: all unused, all refunded", async () => {
    const { code } = await bonusCode({ bonus_credits: 250 });
    const buyer = await lateBuyer();
    const order = await placed(await orderWith(buyer.cookie, code, 1999));
    const paymentId = await settleAtDemoCheckout(order.id, "paid");
    expect(await balanceOf(buyer.id)).toBe(500);
    // Half the order's credits (package and bonus alike) spent: half of the price comes back with the other half.
    const spent = await ledger.charge(env.DB, createDb(env.DB), {
      memberId: buyer.id,
      amount: 250,
      reason: "message",
      key: `bonus-spend-${order.id}`,
    });
    expect(spent.outcome).toBe("written");
    const response = await call("/api/withdrawals.php", { method: "POST", cookie: buyer.cookie, json: { order: order.id } });
    const { purchase } = WithdrawalAnswerSchema.parse(await response.json());
    expect(purchase).toMatchObject({ unused_credits: 250, refund_cents: 1000 });
    expect(await balanceOf(buyer.id)).toBe(0);
    const refunded = await env.DB.prepare("SELECT refunded_cents AS n FROM demo_payments WHERE id = ?")
      .bind(paymentId)
      .first<{ n: number }>();
    expect(refunded?.n).toBe(1000);
  }, 30_000);
});

describe("a chargeback of a bonus order", () => {
  // A chargeback takes back the order's credits by the settlement's rule (creditsBetween on
  // order.credits), so the bonus goes with the package, once, however often it is sent.
  it("takes back the package's and the bonus's credits together, once, when sent five times at once", async () => {
    const { code } = await bonusCode({ bonus_credits: 100 });
    const buyer = await lateBuyer();
    const order = await placed(await orderWith(buyer.cookie, code, 1999));
    await settleAtDemoCheckout(order.id, "paid");
    expect(await balanceOf(buyer.id)).toBe(350);
    const body = { id: order.id, reason: "The bank reported a chargeback for this payment." };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("/api/staff/order_chargeback.php", { method: "POST", cookie: admin.cookie, json: body }),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status).sort(), bodies.join("\n")).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM credit_ledger WHERE member_id = ? AND amount < 0", buyer.id)).toBe(1);
  }, 30_000);
});

describe("bad input in the console", () => {
  it("refuses 0, negative, over 10 000, not a number, and percent and bonus together; keeps the stored bonus", async () => {
    const { id, code } = await bonusCode({ bonus_credits: 40 });
    const bad: Record<string, unknown>[] = [
      { percent: null, bonus_credits: 0 },
      { percent: null, bonus_credits: -5 },
      { percent: null, bonus_credits: 10_001 },
      { percent: null, bonus_credits: 2.5 },
      { percent: null, bonus_credits: "fifty" },
      { percent: 20, bonus_credits: 50 },
      { percent: null, bonus_credits: null },
    ];
    for (const fields of bad) {
      const response = await saveCode(admin.cookie, { ...validBody({ id, code }), ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      const body = (await response.json()) as { error: string; fields?: Record<string, string> };
      expect(body.error).toBe("invalid_input");
      expect(Object.keys(body.fields ?? {}), JSON.stringify(fields)).toEqual(
        fields.percent === null && fields.bonus_credits === null ? ["percent"] : ["bonus_credits"],
      );
    }
    const { code: stored } = await readCode(admin.cookie, id);
    expect(stored).toMatchObject({ kind: "bonus", bonus_credits: 40, percent: null });
    // 10 000 is allowed, and a bonus code can become a percentage code again.
    expect((await saveCode(admin.cookie, validBody({ id, code, percent: null, bonus_credits: 10_000 }))).status).toBe(200);
    expect((await saveCode(admin.cookie, validBody({ id, code, percent: 15 }))).status).toBe(200);
    expect((await readCode(admin.cookie, id)).code).toMatchObject({ kind: "percent", percent: 15, bonus_credits: null });
    const lines = await auditLines(id);
    expect(lines.map((l) => l.detail.change)).toEqual([
      expect.stringContaining("percent none; bonus_credits 40"),
      expect.stringContaining("bonus_credits 40 → 10000"),
      expect.stringContaining("percent none → 15%; bonus_credits 10000 → none"),
    ]);
  });

  it("keeps the bonus fixed in an order made before the admin changes the code", async () => {
    const { id, code } = await bonusCode({ bonus_credits: 30 });
    const buyer = await lateBuyer();
    const order = await placed(await orderWith(buyer.cookie, code, 1999));
    await saveCode(admin.cookie, validBody({ id, code, percent: null, bonus_credits: 900 }));
    await settleAtDemoCheckout(order.id, "paid");
    expect(await balanceOf(buyer.id)).toBe(280);
  }, 30_000);
});
