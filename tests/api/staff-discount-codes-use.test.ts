/**
 * What the console's codes do for members (issue 28 point 4; docs/decisions/049): the total cap
 * holds under twenty orders at once, a pause or an expiry takes effect at once, an edit never
 * makes a price worse, and the uses and revenue the console shows are the orders' own.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OrderAnswerSchema, PricingAnswerSchema } from "../../contract/schemas";
import { lateBuyer, makeCode, orderWith, readCode, saveCode, setState, validBody } from "./discount-code-helpers";
import { call, createMember, ensureSites, loginAs, settleAtDemoCheckout } from "./helpers";
import { count, createHost, errorOf, type SignedInStaff } from "./host-helpers";

let admin: SignedInStaff;

beforeAll(async () => {
  await ensureSites();
  admin = await createHost({ siteId: 1, role: "admin" });
});

const typed = (cookie: string, code: string) => call(`/api/discountcode.php?code=${code}`, { cookie });

describe("the total cap", () => {
  it("lets exactly 5 of 20 members ordering at once use a code of 5 uses; the others are told it is no longer valid", async () => {
    const { id, code } = await makeCode(admin.cookie, { max_uses: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => lateBuyer()));
    const answers = await Promise.all(buyers.map((b) => orderWith(b.cookie, code)));
    const statuses = answers.map((r) => r.status);
    const bodies = await Promise.all(answers.map((r) => r.clone().text()));
    expect(
      statuses.filter((s) => s !== 201 && s !== 410),
      bodies.filter((_, i) => statuses[i] !== 201 && statuses[i] !== 410).join("\n"),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 410)).toHaveLength(15);
    for (const refused of answers.filter((r) => r.status === 410)) {
      expect(await refused.json()).toMatchObject({ error: "discount_expired" });
    }
    expect(await count("SELECT count(*) AS n FROM discount_redemptions WHERE code_id = ?", id)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM orders WHERE discount_code_id = ?", id)).toBe(5);
    expect((await readCode(admin.cookie, id)).code).toMatchObject({ state: "used_up", uses: 5, reserved: 5, used: 0 });
    // A refused member sees the code as no longer valid.
    const refusedBuyer = buyers[statuses.indexOf(410)]!;
    expect((await typed(refusedBuyer.cookie, code)).status).toBe(410);
    // Twenty members signed up and logged in (a password hash each) on a shared machine.
  }, 60_000);

  it("frees a use when an order with it fails, so the next member gets it", async () => {
    const { id, code } = await makeCode(admin.cookie, { max_uses: 1 });
    const [first, second] = await Promise.all([lateBuyer(), lateBuyer()]);
    const placed = OrderAnswerSchema.parse(await (await orderWith(first.cookie, code)).json()).order;
    await errorOf(await orderWith(second.cookie, code), 410, "discount_expired");
    await settleAtDemoCheckout(placed.id, "failed");
    expect((await orderWith(second.cookie, code)).status).toBe(201);
    expect((await readCode(admin.cookie, id)).code.uses).toBe(1);
  }, 30_000);
});

describe("pause and expiry take effect for members at once", () => {
  it("refuses a paused code to a member (typed and ordered), and accepts it again when resumed", async () => {
    const { id, code } = await makeCode(admin.cookie);
    const buyer = await lateBuyer();
    expect((await typed(buyer.cookie, code)).status).toBe(200);
    await setState(admin.cookie, id, "pause");
    await errorOf(await typed(buyer.cookie, code), 410, "discount_expired");
    await errorOf(await orderWith(buyer.cookie, code), 410, "discount_expired");
    // The price list ignores it: the member pays the list price.
    const prices = PricingAnswerSchema.parse(
      await (await call(`/api/pricing.php?country=NL&code=${code}`, { cookie: buyer.cookie })).json(),
    );
    expect(prices.packages.find((p) => p.id === "250")?.quote.amount_cents).toBe(1999);
    await setState(admin.cookie, id, "resume");
    expect((await orderWith(buyer.cookie, code)).status).toBe(201);
  });

  it("refuses a code expired now", async () => {
    const { id, code } = await makeCode(admin.cookie);
    const buyer = await lateBuyer();
    await setState(admin.cookie, id, "expire");
    await errorOf(await typed(buyer.cookie, code), 410, "discount_expired");
  });
});

describe("a code never makes a price worse", () => {
  it("keeps a new member's welcome offer (20 %) when the admin lowers the code to 5 %", async () => {
    const { id, code } = await makeCode(admin.cookie, { percent: 30 });
    await saveCode(admin.cookie, validBody({ id, code, percent: 5 }));
    const member = await createMember();
    const cookie = await loginAs(member);
    const prices = PricingAnswerSchema.parse(await (await call(`/api/pricing.php?country=NL&code=${code}`, { cookie })).json());
    const popular = prices.packages.find((p) => p.id === "250")!;
    expect(popular.discount).toMatchObject({ kind: "welcome", percent: 20 });
    expect(popular.quote.amount_cents).toBe(1599);
    // An order at the code's 5 % price (worse than the welcome price) is refused; the welcome price is charged.
    await errorOf(await orderWith(cookie, code, 1899), 409, "price_changed");
    expect((await orderWith(cookie, code, 1599)).status).toBe(201);
  });

  it("cannot be saved as 0 % or above 90 %, and the stored percent is unchanged", async () => {
    const { id, code } = await makeCode(admin.cookie, { percent: 30 });
    for (const percent of [0, -10, 91, 100, 150]) {
      await errorOf(await saveCode(admin.cookie, validBody({ id, code, percent })), 422, "invalid_input");
    }
    expect((await readCode(admin.cookie, id)).code.percent).toBe(30);
  });
});

describe("uses and revenue", () => {
  it("lists the orders with the code and sums the paid ones per currency", async () => {
    const { id, code } = await makeCode(admin.cookie);
    const [a, b, c] = await Promise.all([lateBuyer(), lateBuyer(), lateBuyer()]);
    const paid1 = OrderAnswerSchema.parse(await (await orderWith(a.cookie, code)).json()).order;
    const paid2 = OrderAnswerSchema.parse(await (await orderWith(b.cookie, code)).json()).order;
    const open = OrderAnswerSchema.parse(await (await orderWith(c.cookie, code)).json()).order;
    await settleAtDemoCheckout(paid1.id, "paid");
    await settleAtDemoCheckout(paid2.id, "paid");
    const { code: described, uses } = await readCode(admin.cookie, id);
    expect(described).toMatchObject({ uses: 3, used: 2, reserved: 1, revenue: [{ currency: "EUR", cents: 2 * 1399 }] });
    expect(uses.map((u) => u.order_id).sort()).toEqual([paid1.id, paid2.id, open.id].sort());
    expect(uses.find((u) => u.order_id === open.id)).toMatchObject({ paid_at: null, amount_cents: 1399, currency: "EUR" });
  }, 30_000);
});
