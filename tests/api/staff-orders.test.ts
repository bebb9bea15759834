/**
 * Orders in the staff console (issue 28 point 7; workers/api/endpoints/staff/orders.ts, ADR 048)
 * on real D1 with the demo provider: who may make the calls, the input refused, finding orders,
 * and what an order's page shows. Refunds and chargebacks: staff-order-refunds.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { REASON_MAX } from "../../contract/rules/staff";
import { STAFF_ORDERS_LIMIT } from "../../contract/staff-orders";
import { call, ensureSites } from "./helpers";
import { createChatter, createHost, errorOf, type SignedInStaff } from "./host-helpers";
import {
  admin,
  detail,
  everyOrderCall,
  found,
  order,
  paidOrder,
  REASON,
  read,
  refund,
  chargeback,
  search,
  written,
  buyer,
} from "./staff-order-helpers";

beforeAll(ensureSites);

describe("who may make the order calls", () => {
  let orderId: string;
  let siteAdmin: SignedInStaff;
  beforeAll(async () => {
    [{ orderId }, siteAdmin] = await Promise.all([paidOrder(), admin(1)]);
  });

  it("a host and a moderator: 403 staff_role on every call, nothing changed", async () => {
    const before = await written(orderId);
    for (const role of ["host", "moderator"] as const) {
      const staff = await createHost({ siteId: 1, role });
      for (const make of everyOrderCall(orderId)) await errorOf(await make(staff.cookie), 403, "staff_role");
    }
    expect(await written(orderId)).toEqual(before);
  });

  it("a member's session: 403 staff_only; no session: 401 staff_login_required", async () => {
    const member = await createChatter();
    for (const make of everyOrderCall(orderId)) await errorOf(await make(member.cookie), 403, "staff_only");
    for (const make of everyOrderCall(orderId)) await errorOf(await make(undefined), 401, "staff_login_required");
  });

  it("an admin of another site: the order is 404 everywhere and is never listed", async () => {
    const other = await admin(2);
    const before = await written(orderId);
    await errorOf(await read(other.cookie, orderId), 404, "order_not_found");
    await errorOf(await refund(other.cookie, { id: orderId, reason: REASON }), 404, "order_not_found");
    await errorOf(await chargeback(other.cookie, { id: orderId, reason: REASON }), 404, "order_not_found");
    expect((await found(other.cookie, orderId)).orders).toEqual([]);
    expect((await found(other.cookie, "")).orders.map((o) => o.id)).not.toContain(orderId);
    expect(await written(orderId)).toEqual(before);
    // The site's own admin and a platform admin see it.
    expect((await detail(siteAdmin.cookie, orderId)).order.id).toBe(orderId);
    expect((await detail((await admin(null)).cookie, orderId)).order.id).toBe(orderId);
  });
});

describe("bad input", () => {
  let orderId: string;
  let siteAdmin: SignedInStaff;
  beforeAll(async () => {
    [{ orderId }, siteAdmin] = await Promise.all([paidOrder(), admin(1)]);
  });

  it("refuses a missing, empty, malformed or unknown order", async () => {
    const { cookie } = siteAdmin;
    await errorOf(await call("/api/staff/order.php", { cookie }), 422);
    await errorOf(await read(cookie, ""), 422);
    await errorOf(await read(cookie, "ord_'; DROP TABLE orders"), 422);
    await errorOf(await read(cookie, "x".repeat(65)), 422);
    await errorOf(await read(cookie, "ord_doesnotexistatall2345678"), 404, "order_not_found");
    for (const send of [refund, chargeback]) {
      await errorOf(await send(cookie, {}), 422);
      await errorOf(await send(cookie, { id: "", reason: REASON }), 422);
      await errorOf(await send(cookie, { id: 12, reason: REASON }), 422);
      await errorOf(await send(cookie, { id: "ord_doesnotexistatall2345678", reason: REASON }), 404, "order_not_found");
    }
    await errorOf(await search(cookie, "x".repeat(255)), 422);
  });

  it("refuses a refund or chargeback without a reason, with a short one, or a too long one: nothing changes", async () => {
    const before = await written(orderId);
    for (const send of [refund, chargeback]) {
      for (const reason of [undefined, "", "   \n ", "too short", "x".repeat(REASON_MAX + 1), 42]) {
        const body = await errorOf(await send(siteAdmin.cookie, { id: orderId, reason }), 422);
        expect(body.fields).toHaveProperty("reason");
      }
    }
    expect(await written(orderId)).toEqual(before);
  });

  it("refuses to refund or charge back an order that was never paid", async () => {
    const member = await buyer();
    const { orderId: open } = await order(member.cookie, false);
    await errorOf(await refund(siteAdmin.cookie, { id: open, reason: REASON }), 409, "order_not_refundable");
    await errorOf(await chargeback(siteAdmin.cookie, { id: open, reason: REASON }), 409, "order_not_refundable");
    const page = await detail(siteAdmin.cookie, open);
    expect(page.refund).toBeNull();
    expect(page.chargeback).toBeNull();
    expect(page.adjustments).toEqual([]);
  });
});

describe("finding orders (GET orders.php)", () => {
  it("by reference, by member id, by address (any case), newest first; nothing found is an empty list", async () => {
    const siteAdmin = await admin(1);
    const member = await buyer();
    const first = await order(member.cookie);
    const second = await order(member.cookie, false);

    const byRef = await found(siteAdmin.cookie, first.orderId);
    expect(byRef.search).toBe("order");
    expect(byRef.orders).toHaveLength(1);
    expect(byRef.orders[0]).toMatchObject({
      id: first.orderId,
      member_id: member.id,
      member_email: member.email,
      status: "paid",
      product: "credits",
      credits: 250,
      amount_cents: 1999,
      currency: "EUR",
      discount_code: null,
    });
    expect(byRef.orders[0]?.paid_at).toEqual(expect.any(Number));

    const byMember = await found(siteAdmin.cookie, String(member.id));
    expect(byMember.search).toBe("member");
    expect(byMember.orders.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(byMember.orders[0]?.status).toBe("open");

    const byEmail = await found(siteAdmin.cookie, `  ${member.email.toUpperCase()} `);
    expect(byEmail.search).toBe("email");
    expect(byEmail.orders.map((o) => o.id)).toEqual([second.orderId, first.orderId]);

    for (const q of ["ord_nothingfoundhere234567abcd", "nobody@example.com", "999999999"]) {
      expect((await found(siteAdmin.cookie, q)).orders).toEqual([]);
    }
  });

  it("nothing typed: the newest orders of the scope, at most the limit, and says whether there are more", async () => {
    const siteAdmin = await admin(1);
    const { orderId } = await paidOrder();
    const recent = await found(siteAdmin.cookie, "");
    expect(recent.search).toBe("recent");
    expect(recent.limit).toBe(STAFF_ORDERS_LIMIT);
    // Among the newest, not necessarily first: another file may order at the same moment (files share D1).
    expect(recent.orders.map((o) => o.id)).toContain(orderId);
    expect(recent.orders.length).toBeLessThanOrEqual(STAFF_ORDERS_LIMIT);
    const total = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE site_id = 1").first<{ n: number }>();
    expect(recent.more).toBe((total?.n ?? 0) > STAFF_ORDERS_LIMIT);
    const times = recent.orders.map((o) => o.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("an order's page (GET order.php)", () => {
  it("shows the order, its events, the ledger row it made, its member, and what a refund or chargeback would do", async () => {
    const siteAdmin = await admin(1);
    const { member, orderId, paymentId } = await paidOrder({ credits: 30 });
    const page = await detail(siteAdmin.cookie, orderId);
    expect(page.order).toMatchObject({
      id: orderId,
      status: "paid",
      provider: "demo",
      provider_payment_id: paymentId,
      method: "ideal",
      country: "NL",
      list_cents: 1999,
      sequence: "oneoff",
    });
    expect(page.events.map((e) => e.event)).toEqual(expect.arrayContaining(["created", "payment_created", "paid"]));
    expect(page.ledger).toEqual([expect.objectContaining({ amount: 250, reason: "purchase" })]);
    expect(page.member).toEqual({ id: member.id, name: "Tess", email: member.email, balance: 280 });
    expect(page.refund).toEqual({ amount_cents: 1999, credits: 250, retry: false });
    expect(page.chargeback).toEqual({ amount_cents: 1999, credits: 250 });
    expect(page.adjustments).toEqual([]);
    expect(page.withdrawal).toBeNull();
  });
});
