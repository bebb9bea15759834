/**
 * The business figures (issue 28 point 6; docs/api.md "Business figures", ADR 051): the roll-ups
 * the triggers of migration 0033 keep, read through business_figures.php. Rows written straight
 * into the tables on days of 2020 under a network of their own (nothing else touches them) give
 * exact numbers; the real flows (the demo checkout's webhook, many at once; visit.php) are
 * checked as differences. Also who may read them, the scope, bad input and the CSV's escaping.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type BusinessFiguresAnswer, BusinessFiguresAnswerSchema } from "../../contract/business-figures";
import { call, ensureSites, formPost } from "./helpers";
import { answer, createHost, errorOf, type SignedInStaff, SITE2 } from "./host-helpers";
import { paidOrder } from "./staff-order-helpers";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const D = Date.UTC(2020, 2, 2);
const RANGE = "from=2020-03-02&to=2020-03-12";
const FORMULA = '=HYPERLINK("http://evil.example","x")';

const figures = (cookie: string | undefined, query: string) => call(`/api/staff/business_figures.php?${query}`, { cookie });

async function figuresOf(cookie: string, query: string): Promise<BusinessFiguresAnswer> {
  const response = await figures(cookie, query);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return answer(response, 200, BusinessFiguresAnswerSchema);
}

const run = (query: string, ...params: unknown[]) =>
  env.DB.prepare(query)
    .bind(...params)
    .run();

async function insertMember(options: { siteId: number; network: string; at: number; activatedAt?: number; fictional?: boolean }) {
  const row = await env.DB.prepare(
    `INSERT INTO members (site_id, name, signup_date, trafficsource, activated_at, is_fictional)
     VALUES (?, 'Figure', ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      options.siteId,
      options.at,
      JSON.stringify({ network: options.network }),
      options.activatedAt ?? null,
      options.fictional ? 1 : 0,
    )
    .first<{ id: number }>();
  return row!.id;
}

let orderCounter = 0;
/** An order written open, then paid by an update (as the settlement does). */
async function insertPaidOrder(options: { siteId: number; memberId: number; cents: number; currency: string; paidAt: number }) {
  const id = `fig-${++orderCounter}-${crypto.randomUUID()}`;
  await run(
    `INSERT INTO orders (id, site_id, member_id, create_key, product, product_id, credits, months, country, currency,
       list_cents, discount_cents, amount_cents, vat_rate, vat_cents, method, locale, provider, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'credits', '250', 250, 0, 'NL', ?, ?, 0, ?, 0, 0, 'ideal', 'en', 'demo', 'open', ?, ?)`,
    id,
    options.siteId,
    options.memberId,
    id,
    options.currency,
    options.cents,
    options.cents,
    options.paidAt,
    options.paidAt,
  );
  await run("UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ?", options.paidAt, options.paidAt, id);
  return id;
}

let platformAdmin: SignedInStaff;
let siteAdmin: SignedInStaff;
const NETWORK = `net-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await ensureSites();
  [platformAdmin, siteAdmin] = await Promise.all([
    createHost({ siteId: null, role: "admin" }),
    createHost({ siteId: 1, role: "admin" }),
  ]);
  // Site 2, network NETWORK: two sign-ups on day D (one confirmed at once, one the next day).
  const m1 = await insertMember({ siteId: 2, network: NETWORK, at: D + 10 * HOUR });
  const m2 = await insertMember({ siteId: 2, network: NETWORK, at: D + 10 * HOUR, activatedAt: D + 11 * HOUR });
  const profile = await insertMember({ siteId: 2, network: NETWORK, at: D, fictional: true });
  await run("UPDATE members SET activated_at = ? WHERE id = ?", D + DAY, m1);
  await run("UPDATE members SET activated_at = ? WHERE id = ?", D + 2 * DAY, m1); // not a second confirmation
  // m1 buys on its sign-up day and again three days later; m2 nine days after signing up, in dollars.
  const o1 = await insertPaidOrder({ siteId: 2, memberId: m1, cents: 1999, currency: "EUR", paidAt: D + 15 * HOUR });
  await run("UPDATE orders SET status = 'paid', updated_at = ? WHERE id = ?", D + 16 * HOUR, o1); // paid again: no change
  const o2 = await insertPaidOrder({ siteId: 2, memberId: m1, cents: 999, currency: "EUR", paidAt: D + 3 * DAY });
  const o3 = await insertPaidOrder({ siteId: 2, memberId: m2, cents: 500, currency: "USD", paidAt: D + 9 * DAY });
  // Money back: an admin's refund of o2, a withdrawal from o1, a chargeback of o3.
  await run(
    `INSERT INTO order_adjustments (order_id, kind, token, staff_id, reason, amount_cents, credits_taken, refund_status, created_at)
     VALUES (?, 'refund', ?, ?, 'test', 999, 0, 'refunded', ?)`,
    o2,
    crypto.randomUUID(),
    platformAdmin.id,
    D + 4 * DAY,
  );
  await run(
    `INSERT INTO withdrawals (order_id, member_id, credits_returned, refund_cents, requested_at, refund_status)
     VALUES (?, ?, 0, 500, ?, 'refunded')`,
    o1,
    m1,
    D + DAY,
  );
  await run("UPDATE orders SET charged_back_cents = 500, updated_at = ? WHERE id = ?", D + 10 * DAY, o3);
  // m1 writes twice to the profile, which answers once: two messages, one conversation.
  const conversation = await env.DB.prepare(
    "INSERT INTO conversations (member_low, member_high, created_at) VALUES (?, ?, ?) RETURNING id",
  )
    .bind(Math.min(m1, profile), Math.max(m1, profile), D)
    .first<{ id: number }>();
  for (const [sender, at] of [
    [m1, D + HOUR],
    [profile, D + 2 * HOUR],
    [m1, D + 3 * HOUR],
  ] as const) {
    await run(
      "INSERT INTO messages (conversation_id, sender_id, body, created_at, send_key) VALUES (?, ?, 'hi', ?, ?)",
      conversation!.id,
      sender,
      at,
      crypto.randomUUID(),
    );
  }
});

describe("who may read the business figures", () => {
  it("admins only: no session 401, a moderator or host 403 staff_role", async () => {
    await errorOf(await figures(undefined, RANGE), 401);
    const moderator = await createHost({ siteId: 1, role: "moderator" });
    await errorOf(await figures(moderator.cookie, RANGE), 403, "staff_role");
    const host = await createHost({ siteId: 1, role: "host" });
    await errorOf(await figures(host.cookie, RANGE), 403, "staff_role");
  });

  it("an admin of one site reads that site only: another site is 404, and the sites list is theirs", async () => {
    await errorOf(await figures(siteAdmin.cookie, `${RANGE}&site=2`), 404, "not_found");
    const own = await figuresOf(siteAdmin.cookie, RANGE);
    expect(own.sites.map((site) => site.id)).toEqual([1]);
    expect(own.sources).not.toContain(NETWORK);
    const all = await figuresOf(platformAdmin.cookie, RANGE);
    expect(all.sites.length).toBeGreaterThan(1);
    expect(all.sources).toContain(NETWORK);
  });

  it("bad input is a 422 with its field, never a 500", async () => {
    for (const [query, field, problem] of [
      ["from=2020-02-30", "from", "date"],
      ["to=yesterday", "to", "date"],
      ["from=2020-03-05&to=2020-03-01", "from", "order"],
      ["from=2019-01-01&to=2020-03-01", "from", "too_long"],
    ] as const) {
      const error = await errorOf(await figures(platformAdmin.cookie, query), 422, "invalid_input");
      expect(error.fields?.[field]).toBe(problem);
    }
    await errorOf(await figures(platformAdmin.cookie, `${RANGE}&site=abc`), 422, "invalid_input");
    await errorOf(await figures(platformAdmin.cookie, `${RANGE}&site=99999`), 404, "not_found");
    await errorOf(await figures(platformAdmin.cookie, `${RANGE}&format=xml`), 422, "invalid_input");
    await errorOf(await figures(platformAdmin.cookie, `${RANGE}&source=${"x".repeat(201)}`), 422, "invalid_input");
  });
});

describe("the figures the triggers keep", () => {
  it("counts the funnel, the money per currency and the engagement of a source exactly", async () => {
    const f = await figuresOf(platformAdmin.cookie, `${RANGE}&site=2&source=${NETWORK}`);
    expect(f.site_id).toBe(2);
    expect(f.source).toBe(NETWORK);
    expect(f.days).toHaveLength(11);
    const t = f.totals;
    expect([t.signups, t.confirmed, t.first_purchases, t.repeat_purchases]).toEqual([2, 2, 2, 1]);
    expect([t.buyers_same_day, t.buyers_7d, t.messages, t.conversations, t.paying_members]).toEqual([1, 1, 2, 1, 2]);
    expect(t.money).toEqual([
      { currency: "EUR", revenue: 2998, refunds: 999, withdrawals: 500, chargebacks: 0, net: 1499, paying_members: 1 },
      { currency: "USD", revenue: 500, refunds: 0, withdrawals: 0, chargebacks: 500, net: 0, paying_members: 1 },
    ]);
    const day = (text: string) => f.days.find((d) => d.day === text)!;
    expect(day("2020-03-02")).toMatchObject({ signups: 2, confirmed: 1, first_purchases: 1, buyers_same_day: 1, buyers_7d: 1 });
    expect(day("2020-03-03")).toMatchObject({ confirmed: 1, signups: 0 });
    expect(day("2020-03-05")).toMatchObject({ repeat_purchases: 1, paying_members: 1 });
    expect(day("2020-03-11").first_purchases).toBe(1);
    expect(f.by_source).toHaveLength(1);
    expect(f.by_source[0]).toMatchObject({ source: NETWORK, signups: 2, paying_members: 2 });
  });

  it("a range without the events shows zeros, every day listed", async () => {
    const f = await figuresOf(platformAdmin.cookie, `from=2020-02-01&to=2020-02-03&site=2&source=${NETWORK}`);
    expect(f.days.map((d) => d.day)).toEqual(["2020-02-01", "2020-02-02", "2020-02-03"]);
    expect(f.totals.signups).toBe(0);
    expect(f.totals.money).toEqual([]);
    expect(f.by_source).toEqual([]);
  });

  it("a payment reported many times at once counts once", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const query = `from=${today}&to=${today}&site=1&source=`;
    const before = await figuresOf(platformAdmin.cookie, query);
    const { paymentId } = await paidOrder();
    const hooks = await Promise.all(
      Array.from({ length: 10 }, () => call("/api/payment_webhook.php", formPost({ id: paymentId }))),
    );
    for (const hook of hooks) expect(hook.status).toBe(200);
    const after = await figuresOf(platformAdmin.cookie, query);
    const revenue = (f: BusinessFiguresAnswer) => f.totals.money.find((m) => m.currency === "EUR")?.revenue ?? 0;
    expect(revenue(after) - revenue(before)).toBe(1999);
    expect(after.totals.first_purchases - before.totals.first_purchases).toBe(1);
    expect(after.totals.signups - before.totals.signups).toBe(1);
  });
});

describe("visits", () => {
  const visit = (json: unknown, host?: string) => call("/api/visit.php", { method: "POST", json, host });

  it("counts a visit per page kind and network, without a cookie", async () => {
    const network = `visit-${crypto.randomUUID().slice(0, 8)}`;
    for (const page of ["welcome", "welcome", "lander"]) {
      const response = await visit({ page, network });
      expect(response.status).toBe(204);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const today = new Date().toISOString().slice(0, 10);
    const f = await figuresOf(platformAdmin.cookie, `from=${today}&to=${today}&site=1&source=${network}`);
    expect([f.totals.visits_welcome, f.totals.visits_lander]).toEqual([2, 1]);
  });

  it("refuses a body that is not a visit", async () => {
    await errorOf(await visit({ page: "home" }), 422, "invalid_input");
    await errorOf(await visit({ page: "welcome", network: "n".repeat(201) }), 422, "invalid_input");
    await errorOf(await visit({ page: "welcome", network: 5 }), 422, "invalid_input");
    await errorOf(await visit({}), 422, "invalid_input");
  });

  it("past 100 sources a day, a new network is counted as (other)", async () => {
    const prefix = `cap-${crypto.randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 100; i++) expect((await visit({ page: "lander", network: `${prefix}-${i}` }, SITE2)).status).toBe(204);
    await visit({ page: "lander", network: `${prefix}-new` }, SITE2);
    await visit({ page: "lander", network: `${prefix}-0` }, SITE2);
    const today = new Date().toISOString().slice(0, 10);
    const f = await figuresOf(platformAdmin.cookie, `from=${today}&to=${today}&site=2`);
    expect(f.sources).not.toContain(`${prefix}-new`);
    expect(f.by_source.find((s) => s.source === "(other)")?.visits_lander).toBeGreaterThanOrEqual(1);
    expect(f.by_source.find((s) => s.source === `${prefix}-0`)?.visits_lander).toBe(2);
  });
});

describe("the CSV download", () => {
  it("writes each table with a header, and a network that starts a formula as text", async () => {
    await call("/api/visit.php", { method: "POST", json: { page: "welcome", network: FORMULA } });
    const today = new Date().toISOString().slice(0, 10);
    const response = await figures(platformAdmin.cookie, `from=${today}&to=${today}&format=csv&table=sources`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = await response.text();
    expect(text.split("\r\n")[0]).toContain("source,visits_welcome,visits_lander,signups");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).not.toMatch(/(^|\n)=HYPERLINK/);
    const days = await (await figures(platformAdmin.cookie, `${RANGE}&site=2&source=${NETWORK}&format=csv&table=days`)).text();
    expect(days.split("\r\n")).toHaveLength(13); // the header, 11 days, the final line break
    const money = await (await figures(platformAdmin.cookie, `${RANGE}&site=2&source=${NETWORK}&format=csv&table=money`)).text();
    expect(money).toContain("2020-03-02,EUR,19.99,0,0,0,19.99,1");
  });
});
