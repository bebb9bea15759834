/**
 * Discount codes (issue 12; workers/api/domain/discounts.ts) on real D1: a typed general code,
 * the welcome code of new members, a member's time bonus (which wins), the retention offer;
 * expiry, site scope, one use per member (also with two orders at once), the packages a code
 * is for, and the use given back when the order that reserved it fails.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DiscountAnswerSchema, OrderAnswerSchema, PricingAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const HOUR = 60 * 60 * 1000;
let counter = 0;

async function buyer() {
  const member = await createMember();
  return { ...member, cookie: await loginAs(member) };
}

/** A code row; `code` is made unique per test run. */
async function makeCode(options: {
  code?: string;
  siteId?: number;
  percent?: number;
  from?: number;
  until?: number | null;
  memberId?: number | null;
  minCredits?: number;
  packages?: string[] | null;
}) {
  const code = options.code ?? `TEST${Date.now()}${++counter}`;
  await env.DB.prepare(
    `INSERT INTO discount_codes (site_id, code, kind, percent, member_id, valid_from, valid_until, min_credits, package_ids, created_at)
     VALUES (?, ?, 'general', ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      options.siteId ?? 1,
      code,
      options.percent ?? 20,
      options.memberId ?? null,
      options.from ?? Date.now() - HOUR,
      options.until === undefined ? Date.now() + HOUR : options.until,
      options.minCredits ?? 0,
      options.packages ? JSON.stringify(options.packages) : null,
      Date.now(),
    )
    .run();
  return code;
}

const getCode = (cookie: string, query: string) => call(`/api/discountcode.php?${query}`, { cookie });

describe("guessing codes (issue 25's probe: codes could be guessed without a limit)", () => {
  it("refuses a member's 11th unknown code within the hour with 429, also in parallel, and also for a real code then", async () => {
    const { cookie } = await buyer();
    const real = await makeCode({});
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => getCode(cookie, `code=GUESS${Date.now()}X${i}`).then((r) => r.status)),
    );
    expect(answers.filter((status) => status === 404)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(4);
    const after = await getCode(cookie, `code=${real}`);
    expect(after.status).toBe(429);
    expect(((await after.json()) as { error: string }).error).toBe("rate_limited");
  });

  it("counts only misses: real codes typed again and again are never refused", async () => {
    const { cookie } = await buyer();
    const real = await makeCode({});
    for (let i = 0; i < 12; i++) expect((await getCode(cookie, `code=${real}`)).status).toBe(200);
  });
});

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    product: "credits",
    product_id: "250",
    method: "ideal",
    country: "NL",
    key: `discount-key-${Date.now()}-${++counter}-xyz`,
    expected_cents: 1599, // €19.99 with 20% off: €4.00 off (rounded up, in the buyer's favour)
    expected_currency: "EUR",
    ...overrides,
  };
}

const order = (cookie: string, overrides: Record<string, unknown> = {}) =>
  call("/api/orders.php", { method: "POST", cookie, json: orderBody(overrides) });

async function settle(orderId: string, outcome: string) {
  const payment = await env.DB.prepare("SELECT provider_payment_id AS id FROM orders WHERE id = ?")
    .bind(orderId)
    .first<{ id: string }>();
  const response = await call("/api/demo_checkout.php", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id: payment!.id, outcome }).toString(),
  });
  expect(response.status).toBe(303);
}

describe("GET /api/discountcode.php?code=", () => {
  it("answers a valid code typed in any case, with other parameters passed through", async () => {
    const { cookie } = await buyer();
    const code = await makeCode({ percent: 15 });
    const response = await getCode(cookie, `code=${code.toLowerCase()}&utm_source=mail`);
    expect(response.status).toBe(200);
    const { discount } = DiscountAnswerSchema.parse(await response.json());
    expect(discount).toMatchObject({ code, kind: "general", percent: 15, min_credits: 0, package_ids: null });
  });

  it("refuses unknown, expired, not yet valid, other sites' and other members' codes, and junk", async () => {
    const { cookie } = await buyer();
    const other = await createMember();
    const cases: [string, number, string][] = [
      ["NOSUCHCODE", 404, "discount_not_found"],
      [await makeCode({ until: Date.now() - 1000 }), 410, "discount_expired"],
      [await makeCode({ from: Date.now() + HOUR }), 410, "discount_expired"],
      [await makeCode({ siteId: 2 }), 404, "discount_not_found"],
      [await makeCode({ memberId: other.id }), 404, "discount_not_found"],
      ["<script>", 422, "invalid_input"],
      ["", 422, "invalid_input"],
      ["A".repeat(41), 422, "invalid_input"],
    ];
    for (const [code, status, error] of cases) {
      const response = await getCode(cookie, `code=${encodeURIComponent(code)}`);
      expect({ code, status: response.status }).toEqual({ code, status });
      expect(await response.json()).toMatchObject({ error });
    }
    expect((await call("/api/discountcode.php?code=ANY")).status).toBe(403);
  });
});

describe("ordering with a code", () => {
  it("takes the discount off the list price; the code is then used, and a second order is refused", async () => {
    const { cookie } = await buyer();
    const code = await makeCode({ percent: 25 });
    const first = await order(cookie, { code, expected_cents: 1499 });
    expect(first.status).toBe(201);
    const placed = OrderAnswerSchema.parse(await first.json()).order;
    if (!placed.mine) throw new Error("own order expected");
    // €19.99 with 25% off: €5.00 off (rounded up, in the buyer's favour).
    expect(placed.quote).toMatchObject({ list_cents: 1999, discount_cents: 500, amount_cents: 1499, vat_cents: 260 });
    expect(placed.discount_code).toBe(code);
    await settle(placed.id, "paid");

    const again = await order(cookie, { code, expected_cents: 1499 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "discount_used" });
    expect((await getCode(cookie, `code=${code}`)).status).toBe(409);
  });

  it("lets only one of three orders at once have the code, and only that one, paid, uses it", async () => {
    const { id, cookie } = await buyer();
    const code = await makeCode({ percent: 25 });
    const answers = await Promise.all(Array.from({ length: 3 }, () => order(cookie, { code, expected_cents: 1499 })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const placed = answers.find((r) => r.status === 201)!;
    const { order: made } = OrderAnswerSchema.parse(await placed.json());
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(await refused.json()).toMatchObject({ error: "discount_reserved", order_id: made.id });
    }
    await settle(made.id, "paid");
    // Two parallel orders after the paid one: neither gets the code again.
    const later = await Promise.all([
      order(cookie, { code, expected_cents: 1499 }),
      order(cookie, { code, expected_cents: 1499 }),
    ]);
    expect(later.map((r) => r.status)).toEqual([409, 409]);
    for (const r of later) expect(await r.json()).toMatchObject({ error: "discount_used" });
    const uses = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE member_id = ? AND discount_code_id = (SELECT id FROM discount_codes WHERE code = ?) AND paid_at IS NOT NULL",
    )
      .bind(id, code)
      .first<{ n: number }>();
    expect(uses?.n).toBe(1);
  });

  for (const outcome of ["failed", "canceled", "expired"] as const) {
    it(`gives the use back when the payment is ${outcome}, so the code works again`, async () => {
      const { cookie } = await buyer();
      const code = await makeCode({ percent: 25 });
      const placed = OrderAnswerSchema.parse(await (await order(cookie, { code, expected_cents: 1499 })).json()).order;
      await settle(placed.id, outcome);
      expect((await getCode(cookie, `code=${code}`)).status).toBe(200);
      expect((await order(cookie, { code, expected_cents: 1499 })).status).toBe(201);
    });
  }

  it("an open order only reserves the code: it says which order, and the code is free once the provider lets that order go", async () => {
    const { cookie } = await buyer();
    const code = await makeCode({ percent: 25 });
    const placed = OrderAnswerSchema.parse(await (await order(cookie, { code, expected_cents: 1499 })).json()).order;
    // The member went to the provider and came back without paying: the order can still be paid.
    const held = await getCode(cookie, `code=${code}`);
    expect(held.status).toBe(409);
    expect(await held.json()).toMatchObject({
      error: "discount_reserved",
      order_id: placed.id,
      fields: { code: "discount_reserved" },
    });
    // The price list names the reservation, for "reserved for your open order" with a link.
    const listed = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=NL", { cookie })).json());
    expect(listed.reserved).toEqual([{ code, kind: "general", order_id: placed.id }]);
    // The provider cancels the payment (the member pressed back there) and its webhook has not come.
    await env.DB.prepare(
      "UPDATE demo_payments SET status = 'canceled' WHERE id = (SELECT provider_payment_id FROM orders WHERE id = ?)",
    )
      .bind(placed.id)
      .run();
    const free = await getCode(cookie, `code=${code}`);
    expect(free.status).toBe(200);
    const state = await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(placed.id).first<{ status: string }>();
    expect(state?.status).toBe("canceled");
    expect((await order(cookie, { code, expected_cents: 1499 })).status).toBe(201);
  });

  it("names the welcome offer held by an open order, and prices the next order without it", async () => {
    const { cookie } = await buyer();
    const placed = OrderAnswerSchema.parse(await (await order(cookie, { expected_cents: 1599 })).json()).order;
    const listed = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=NL", { cookie })).json());
    expect(listed.reserved).toEqual([{ code: "WELCOME", kind: "welcome", order_id: placed.id }]);
    expect(listed.packages.find((p) => p.id === "250")?.quote.amount_cents).toBe(1999);
    expect((await order(cookie, { expected_cents: 1999 })).status).toBe(201);
  });

  it("refuses a price without the discount, and an expired code", async () => {
    const { cookie } = await buyer();
    const without = await order(cookie, { expected_cents: 1999 });
    expect(without.status).toBe(409);
    expect(await without.json()).toMatchObject({ error: "price_changed" });
    const expired = await order(cookie, { code: await makeCode({ until: Date.now() - 1 }) });
    expect(expired.status).toBe(410);
  });
});

describe("a code never makes a price worse (the best discount wins)", () => {
  const pricing = async (cookie: string, code?: string) =>
    PricingAnswerSchema.parse(await (await call(`/api/pricing.php?country=NL${code ? `&code=${code}` : ""}`, { cookie })).json());

  it("keeps a new member's welcome offer (20%) when a smaller code (10%) is typed, and says why", async () => {
    const { cookie } = await buyer();
    const hello = await makeCode({ percent: 10 });
    const prices = await pricing(cookie, hello);
    const popular = prices.packages.find((p) => p.id === "250")!;
    expect(popular.quote.amount_cents).toBe(1599);
    expect(popular.discount).toMatchObject({ code: "WELCOME", kind: "welcome", percent: 20 });
    expect(popular.passed_over).toEqual([
      { code: hello, kind: "general", percent: 10, min_credits: 0, reason: "better_discount" },
    ]);

    const placed = await order(cookie, { code: hello, expected_cents: 1599 });
    expect(placed.status).toBe(201);
    const { order: made } = OrderAnswerSchema.parse(await placed.json());
    if (!made.mine) throw new Error("own order expected");
    expect(made.quote).toMatchObject({ list_cents: 1999, discount_cents: 400, amount_cents: 1599 });
    expect(made.discount_code).toBe("WELCOME");
    // The typed code was not used for nothing: it is still free.
    expect((await getCode(cookie, `code=${hello}`)).status).toBe(200);
  });

  it("keeps the welcome offer on the packages a bigger-packages code is not for, and takes the code where it is better", async () => {
    const { cookie } = await buyer();
    const big = await makeCode({ percent: 25, minCredits: 600 });
    const prices = await pricing(cookie, big);
    const byId = Object.fromEntries(prices.packages.map((p) => [p.id, p]));
    expect(byId["100"]?.quote.amount_cents).toBe(799);
    expect(byId["100"]?.discount?.code).toBe("WELCOME");
    expect(byId["250"]?.quote.amount_cents).toBe(1599);
    expect(byId["250"]?.passed_over).toEqual([
      { code: big, kind: "general", percent: 25, min_credits: 600, reason: "not_for_package" },
    ]);
    expect(byId["600"]?.quote.amount_cents).toBe(2999);
    expect(byId["600"]?.discount?.code).toBe(big);
    expect(byId["600"]?.passed_over).toMatchObject([{ code: "WELCOME", reason: "better_discount" }]);

    // The order is priced the same way by the API (the page only shows it).
    expect((await order(cookie, { code: big, product_id: "100", expected_cents: 799 })).status).toBe(201);
    const six = await order(cookie, { code: big, product_id: "600", expected_cents: 2999 });
    expect(six.status).toBe(201);
    expect(OrderAnswerSchema.parse(await six.json()).order).toMatchObject({ discount_code: big });
  });

  it("gives a member without any discount the list price, and ignores junk and codes they may not use in the price list", async () => {
    const { id, cookie } = await buyer();
    await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
      .bind(Date.now() - 49 * HOUR, id)
      .run();
    const expiredCode = await makeCode({ until: Date.now() - 1 });
    const prices = await pricing(cookie, expiredCode);
    expect(prices.packages.every((p) => p.discount === null && p.quote.discount_cents === 0)).toBe(true);
    // Another member's personal code gives nothing, and says nothing about itself.
    const other = await createMember();
    const theirs = await makeCode({ memberId: other.id, percent: 50 });
    const withTheirs = await pricing(cookie, theirs);
    expect(withTheirs.packages.every((p) => p.discount === null && p.passed_over.length === 0)).toBe(true);
    expect((await order(cookie, { code: theirs, expected_cents: 999 })).status).toBe(404);
    expect((await call("/api/pricing.php?code=%3Cscript%3E", { cookie })).status).toBe(422);
    // A visitor's price list has no discounts.
    const visitor = PricingAnswerSchema.parse(await (await call("/api/pricing.php?country=NL&code=HELLO10")).json());
    expect(visitor.packages.every((p) => p.discount === null && p.passed_over.length === 0)).toBe(true);
  });
});

describe("the active discount (?welcome=true)", () => {
  it("gives a new member the site's welcome code until its hours have passed", async () => {
    const { id, cookie } = await buyer();
    const response = await getCode(cookie, "welcome=true");
    expect(response.status).toBe(200);
    const { discount } = DiscountAnswerSchema.parse(await response.json());
    expect(discount).toMatchObject({ code: "WELCOME", kind: "welcome", percent: 20 });
    const member = await env.DB.prepare("SELECT signup_date FROM members WHERE id = ?").bind(id).first<{ signup_date: number }>();
    expect(discount.valid_until).toBe(member!.signup_date + 48 * HOUR);

    await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
      .bind(Date.now() - 49 * HOUR, id)
      .run();
    const later = await getCode(cookie, "welcome=true");
    expect(later.status).toBe(404);
    expect(await later.json()).toMatchObject({ error: "no_discount" });
  });

  it("ends the welcome code with the first purchase, also when it is typed", async () => {
    const { cookie } = await buyer();
    // The first purchase with a better code than the welcome offer (30%): the welcome code is not used by it.
    const better = await makeCode({ percent: 30 });
    const placed = OrderAnswerSchema.parse(await (await order(cookie, { code: better, expected_cents: 1399 })).json()).order;
    await settle(placed.id, "paid");
    expect((await getCode(cookie, "welcome=true")).status).toBe(404);
    const typed = await getCode(cookie, "code=WELCOME");
    expect(typed.status).toBe(410);
    expect(await typed.json()).toMatchObject({ error: "discount_expired" });
    const again = await order(cookie, { code: "WELCOME", expected_cents: 1599 });
    expect(again.status).toBe(410);
    // Without a code: the list price, nothing off.
    const plain = await order(cookie, { expected_cents: 1999 });
    expect(plain.status).toBe(201);
    expect(OrderAnswerSchema.parse(await plain.json()).order).toMatchObject({ discount_code: null });
  });

  it("prefers a running time bonus, and falls back to the welcome code when it ends (development panel)", async () => {
    const { cookie } = await buyer();
    const started = await call("/api/dev/time_bonus.php", {
      method: "POST",
      cookie,
      json: { action: "start", percent: 35, hours: 2 },
    });
    expect(started.status).toBe(200);
    const bonus = DiscountAnswerSchema.parse(await (await getCode(cookie, "welcome=true")).json()).discount;
    expect(bonus).toMatchObject({ kind: "time_bonus", percent: 35 });
    expect(bonus.code).toMatch(/^BONUS-[A-Z2-9]{8}$/);
    expect(bonus.valid_until).toBeGreaterThan(Date.now() + HOUR);

    // The time bonus is the member's own code: it orders like any other.
    const placed = await order(cookie, { code: bonus.code, expected_cents: 1299 });
    expect(placed.status).toBe(201);

    await call("/api/dev/time_bonus.php", { method: "POST", cookie, json: { action: "expire" } });
    const after = DiscountAnswerSchema.parse(await (await getCode(cookie, "welcome=true")).json()).discount;
    expect(after.kind).toBe("welcome");
  });

  it("refuses the development call on a public host and with bad input", async () => {
    const { cookie } = await buyer();
    expect(
      (await call("/api/dev/time_bonus.php", { method: "POST", cookie, host: "amora.example", json: { action: "expire" } }))
        .status,
    ).toBe(404);
    for (const json of [{ action: "start", percent: 95, hours: 1 }, { action: "start", percent: 10 }, { action: "later" }]) {
      expect((await call("/api/dev/time_bonus.php", { method: "POST", cookie, json })).status).toBe(422);
    }
  });
});

describe("POST /api/discountcode.php (the retention offer)", () => {
  it("makes the member's one code of the site's delete_discount, once, also when asked at once", async () => {
    const { id, cookie } = await buyer();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call("/api/discountcode.php", { method: "POST", cookie, json: { kind: "retention" } })),
    );
    const codes = await Promise.all(answers.map(async (r) => DiscountAnswerSchema.parse(await r.json()).discount));
    expect(new Set(codes.map((d) => d.code)).size).toBe(1);
    expect(codes[0]).toMatchObject({ kind: "retention", percent: 30 });
    const { results } = await env.DB.prepare("SELECT id FROM discount_codes WHERE member_id = ? AND kind = 'retention'")
      .bind(id)
      .all();
    expect(results).toHaveLength(1);
  });

  it("has nothing to offer on a site without delete_discount", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, "127.0.0.1:8787");
    const response = await call("/api/discountcode.php", {
      method: "POST",
      cookie,
      host: "127.0.0.1:8787",
      json: { kind: "retention" },
    });
    expect(response.status).toBe(404);
  });
});

describe("struck-through prices", () => {
  it("are allowed where the prices have held for 30 days, and not where the site does not say since when", async () => {
    const amora = PricingAnswerSchema.parse(await (await call("/api/pricing.php")).json());
    expect(amora.strike_through).toBe(true);
    const zilverhart = PricingAnswerSchema.parse(await (await call("/api/pricing.php", { host: "127.0.0.1:8787" })).json());
    expect(zilverhart.strike_through).toBe(false);
  });
});
