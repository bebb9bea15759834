/**
 * What the staff order tests share (staff-orders*.test.ts; workers/api/endpoints/staff/orders.ts):
 * a member who bought a package at the demo checkout, the admin's calls, and the rows to count.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { OrderAnswerSchema } from "../../contract/schemas";
import { StaffOrderAnswerSchema, StaffOrdersAnswerSchema } from "../../contract/staff-orders";
import { createDb } from "../../workers/api/db/client";
import * as ledger from "../../workers/api/domain/ledger";
import { call, createMember, loginAs, settleAtDemoCheckout } from "./helpers";
import { answer, createHost, type SignedInStaff } from "./host-helpers";

export const db = createDb(env.DB);
let counter = 0;

export const REASON = "The member asked by mail; the payment was a mistake.";

export function admin(siteId: number | null): Promise<SignedInStaff> {
  return createHost({ siteId, role: "admin" });
}

/** A member of site 1 past the welcome offer, so the 250-credit package costs its list price (€19.99). */
export async function buyer(options: { credits?: number } = {}) {
  const member = await createMember(options);
  await env.DB.prepare("UPDATE members SET signup_date = ? WHERE id = ?")
    .bind(Date.now() - 49 * 60 * 60 * 1000, member.id)
    .run();
  return { ...member, cookie: await loginAs(member) };
}

/** An order of the 250-credit package; paid at the demo checkout unless `pay` is false. */
export async function order(cookie: string, pay = true) {
  const response = await call("/api/orders.php", {
    method: "POST",
    cookie,
    json: {
      product: "credits",
      product_id: "250",
      method: "ideal",
      country: "NL",
      key: `staff-order-${Date.now()}-${++counter}-abc`,
      expected_cents: 1999,
      expected_currency: "EUR",
    },
  });
  expect(response.status).toBe(201);
  const { order } = OrderAnswerSchema.parse(await response.json());
  const paymentId = pay ? await settleAtDemoCheckout(order.id, "paid") : null;
  return { orderId: order.id, paymentId };
}

/** A member with a paid order of 250 credits (and `credits` more from before). */
export async function paidOrder(options: { credits?: number } = {}) {
  const member = await buyer(options);
  const bought = await order(member.cookie);
  return { member, orderId: bought.orderId, paymentId: bought.paymentId ?? "" };
}

export async function spend(memberId: number, credits: number) {
  const result = await ledger.charge(env.DB, db, {
    memberId,
    amount: credits,
    reason: "message",
    key: `spend:${memberId}:${++counter}`,
  });
  expect(result.outcome).toBe("written");
}

export const balanceOf = (memberId: number) => ledger.balance(db, memberId);

export const search = (cookie: string | undefined, q: string) =>
  call(`/api/staff/orders.php?q=${encodeURIComponent(q)}`, { cookie });
export const read = (cookie: string | undefined, id: string) =>
  call(`/api/staff/order.php?id=${encodeURIComponent(id)}`, { cookie });
export const refund = (cookie: string | undefined, body: unknown) =>
  call("/api/staff/order_refund.php", { method: "POST", cookie, json: body });
export const chargeback = (cookie: string | undefined, body: unknown) =>
  call("/api/staff/order_chargeback.php", { method: "POST", cookie, json: body });

export async function found(cookie: string, q: string) {
  return answer(await search(cookie, q), 200, StaffOrdersAnswerSchema);
}

export async function detail(cookie: string, id: string) {
  return answer(await read(cookie, id), 200, StaffOrderAnswerSchema);
}

/** Every call of the area, for the access tests. */
export function everyOrderCall(id: string) {
  return [
    (cookie?: string) => search(cookie, ""),
    (cookie?: string) => read(cookie, id),
    (cookie?: string) => refund(cookie, { id, reason: REASON }),
    (cookie?: string) => chargeback(cookie, { id, reason: REASON }),
  ];
}

/** The member's ledger rows with this reason, oldest first. */
export async function ledgerRows(memberId: number, reason: string) {
  const rows = await env.DB.prepare("SELECT amount FROM credit_ledger WHERE member_id = ? AND reason = ? ORDER BY id")
    .bind(memberId, reason)
    .all<{ amount: number }>();
  return rows.results.map((r) => r.amount);
}

export async function refundedCents(paymentId: string) {
  const row = await env.DB.prepare("SELECT refunded_cents FROM demo_payments WHERE id = ?")
    .bind(paymentId)
    .first<{ refunded_cents: number }>();
  return row?.refunded_cents;
}

export async function auditOf(orderId: string) {
  const rows = await env.DB.prepare(
    "SELECT action, staff_id, site_id, member_id, detail FROM staff_audit WHERE detail LIKE ? ORDER BY id",
  )
    .bind(`%"order":"${orderId}"%`)
    .all<{ action: string; staff_id: number; site_id: number; member_id: number; detail: string }>();
  return rows.results;
}

/** What an order's refunds and chargebacks wrote: to compare before and after a refused call. */
export async function written(orderId: string) {
  const [adjustments, events, audit, o] = await Promise.all([
    env.DB.prepare("SELECT count(*) AS n FROM order_adjustments WHERE order_id = ?").bind(orderId).first<{ n: number }>(),
    env.DB.prepare("SELECT count(*) AS n FROM order_events WHERE order_id = ?").bind(orderId).first<{ n: number }>(),
    auditOf(orderId),
    env.DB.prepare("SELECT status, charged_back_cents FROM orders WHERE id = ?").bind(orderId).first(),
  ]);
  return { adjustments: adjustments?.n, events: events?.n, audit: audit.length, order: o };
}
