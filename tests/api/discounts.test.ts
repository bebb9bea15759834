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
    const code = await makeCode({});
    const first = await order(cookie, { code });
    expect(first.status).toBe(201);
    const placed = OrderAnswerSchema.parse(await first.json()).order;
    if (!placed.mine) throw new Error("own order expected");
    expect(placed.quote).toMatchObject({ list_cents: 1999, discount_cents: 400, amount_cents: 1599, vat_cents: 278 });
    await settle(placed.id, "paid");

    const again = await order(cookie, { code });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: "discount_used" });
    expect((await getCode(cookie, `code=${code}`)).status).toBe(409);
  });

  it("lets only one of two orders at once use the code", async () => {
    const { cookie } = await buyer();
    const code = await makeCode({});
    const answers = await Promise.all([order(cookie, { code }), order(cookie, { code }), order(cookie, { code })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("gives the use back when the payment fails, so the code works again", async () => {
    const { cookie } = await buyer();
    const code = await makeCode({});
    const placed = OrderAnswerSchema.parse(await (await order(cookie, { code })).json()).order;
    await settle(placed.id, "failed");
    expect((await getCode(cookie, `code=${code}`)).status).toBe(200);
    expect((await order(cookie, { code })).status).toBe(201);
  });

  it("refuses a code for other packages, a price without the code, and an expired code", async () => {
    const { cookie } = await buyer();
    const big = await makeCode({ packages: ["600"] });
    const min = await makeCode({ minCredits: 300 });
    for (const code of [big, min]) {
      const response = await order(cookie, { code });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: "discount_not_applicable" });
    }
    const without = await order(cookie, {});
    expect(without.status).toBe(409);
    expect(await without.json()).toMatchObject({ error: "price_changed" });
    const expired = await order(cookie, { code: await makeCode({ until: Date.now() - 1 }) });
    expect(expired.status).toBe(410);
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

  it("ends the welcome code with the first purchase", async () => {
    const { cookie } = await buyer();
    const placed = OrderAnswerSchema.parse(await (await order(cookie, { expected_cents: 1999 })).json()).order;
    await settle(placed.id, "paid");
    expect((await getCode(cookie, "welcome=true")).status).toBe(404);
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
