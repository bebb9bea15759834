/**
 * Refunds and chargebacks recorded by an admin (issue 28 point 7; workers/api/domain/
 * order-adjustments.ts, ADR 048) on real D1 with the demo provider: the money is refunded once
 * however often or at once the button is sent; the credits go back through the ledger (a refund
 * whatever the balance, a chargeback never below zero); the audit line names who and why; a
 * refund the provider refuses is asked again; the provider's own chargeback report adds nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { StaffOrderAnswerSchema } from "../../contract/staff-orders";
import { call, ensureSites, formPost } from "./helpers";
import { answer, errorOf, type SignedInStaff } from "./host-helpers";
import {
  admin,
  auditOf,
  balanceOf,
  chargeback,
  detail,
  ledgerRows,
  paidOrder,
  REASON,
  refund,
  refundedCents,
  spend,
} from "./staff-order-helpers";

beforeAll(ensureSites);

let siteAdmin: SignedInStaff;
beforeAll(async () => {
  siteAdmin = await admin(1);
});

describe("refunding an order", () => {
  it("refunds the payment in full, takes the credits back, and writes who and why", async () => {
    const { member, orderId, paymentId } = await paidOrder({ credits: 20 });
    const page = await answer(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.order.status).toBe("refunded");
    expect(page.adjustments).toEqual([
      expect.objectContaining({
        kind: "refund",
        reason: REASON,
        amount_cents: 1999,
        credits_taken: 250,
        refund_status: "refunded",
      }),
    ]);
    expect(page.adjustments[0]?.staff_name).toBe(siteAdmin.name);
    expect(page.refund).toBeNull();
    expect(page.chargeback).toBeNull();
    expect(page.events.map((e) => e.event)).toEqual(expect.arrayContaining(["staff_refund", "refund_sent"]));
    expect(page.ledger.map((r) => [r.amount, r.reason])).toEqual([
      [250, "purchase"],
      [-250, "refund"],
    ]);
    expect(await balanceOf(member.id)).toBe(20);
    expect(await refundedCents(paymentId)).toBe(1999);
    const audit = await auditOf(orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "order_refunded", staff_id: siteAdmin.id, site_id: 1, member_id: member.id });
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toEqual({
      order: orderId,
      reason: REASON,
      amount_cents: 1999,
      currency: "EUR",
      credits: 250,
    });
  });

  it("takes back every credit the order gave even when some were spent: the balance may go below zero (ADR 018)", async () => {
    const { member, orderId } = await paidOrder();
    await spend(member.id, 200);
    const page = await answer(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.member.balance).toBe(-200);
    expect(await ledgerRows(member.id, "refund")).toEqual([-250]);
  });

  it("refunds once when sent twice in a row: the second is told it was refunded already", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    expect((await refund(siteAdmin.cookie, { id: orderId, reason: REASON })).status).toBe(200);
    await errorOf(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 409, "order_already_refunded");
    expect(await refundedCents(paymentId)).toBe(1999);
    expect(await ledgerRows(member.id, "refund")).toEqual([-250]);
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  it("refunds once when ten admins send it at the same moment", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    const other = await admin(null);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => refund(i % 2 ? other.cookie : siteAdmin.cookie, { id: orderId, reason: REASON })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of answers.filter((r) => r.status === 409)) await errorOf(response, 409, "order_already_refunded");
    expect(await refundedCents(paymentId)).toBe(1999);
    const providerRefunds = await env.DB.prepare("SELECT count(*) AS n FROM demo_refunds WHERE payment_id = ?")
      .bind(paymentId)
      .first<{ n: number }>();
    expect(providerRefunds?.n).toBe(1);
    expect(await ledgerRows(member.id, "refund")).toEqual([-250]);
    expect(await balanceOf(member.id)).toBe(0);
    expect(await auditOf(orderId)).toHaveLength(1);
    const events = (await detail(siteAdmin.cookie, orderId)).events.filter((e) => e.event === "staff_refund");
    expect(events).toHaveLength(1);
  });

  it("a refund the provider refuses stays failed with the credits taken back, and is asked again from the console", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    // The provider will not refund: it believes the payment is not paid.
    await env.DB.prepare("UPDATE demo_payments SET status = 'open' WHERE id = ?").bind(paymentId).run();
    const failed = await answer(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(failed.adjustments[0]?.refund_status).toBe("failed");
    expect(failed.refund).toEqual({ amount_cents: 1999, credits: 250, retry: true });
    expect(failed.events.map((e) => e.event)).toContain("refund_failed");
    expect(await refundedCents(paymentId)).toBe(0);

    await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?").bind(paymentId).run();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(siteAdmin.cookie, { id: orderId, reason: REASON })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const page = await detail(siteAdmin.cookie, orderId);
    expect(page.adjustments[0]?.refund_status).toBe("refunded");
    expect(page.refund).toBeNull();
    expect(await refundedCents(paymentId)).toBe(1999);
    // The credits went back once, with the first try.
    expect(await ledgerRows(member.id, "refund")).toEqual([-250]);
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  it("a refund whose call was lost (still pending after a minute) is asked again; a fresh one is not", async () => {
    const { orderId, paymentId } = await paidOrder();
    await env.DB.prepare("UPDATE demo_payments SET status = 'open' WHERE id = ?").bind(paymentId).run();
    expect((await refund(siteAdmin.cookie, { id: orderId, reason: REASON })).status).toBe(200);
    await env.DB.prepare("UPDATE demo_payments SET status = 'paid' WHERE id = ?").bind(paymentId).run();
    // As if the worker stopped right after the claim: pending, asked just now.
    await env.DB.prepare("UPDATE order_adjustments SET refund_status = 'pending', asked_at = ? WHERE order_id = ?")
      .bind(Date.now(), orderId)
      .run();
    await errorOf(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 409, "order_already_refunded");
    expect((await detail(siteAdmin.cookie, orderId)).refund).toBeNull();
    // A minute later nobody answered it: it may be asked again, once.
    await env.DB.prepare("UPDATE order_adjustments SET asked_at = ? WHERE order_id = ?")
      .bind(Date.now() - 61_000, orderId)
      .run();
    expect((await detail(siteAdmin.cookie, orderId)).refund).toMatchObject({ retry: true });
    const answers = await Promise.all(Array.from({ length: 4 }, () => refund(siteAdmin.cookie, { id: orderId, reason: REASON })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await detail(siteAdmin.cookie, orderId)).adjustments[0]?.refund_status).toBe("refunded");
    expect(await refundedCents(paymentId)).toBe(1999);
  });
});

describe("recording a chargeback", () => {
  it("takes back every credit the order gave while the balance holds them, and writes who and why", async () => {
    const { member, orderId } = await paidOrder({ credits: 40 });
    expect(await balanceOf(member.id)).toBe(290);
    const page = await answer(await chargeback(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.order).toMatchObject({ status: "paid", charged_back_cents: 1999 });
    expect(page.adjustments).toEqual([
      expect.objectContaining({ kind: "chargeback", amount_cents: 1999, credits_taken: 250, refund_status: "none" }),
    ]);
    expect(page.member.balance).toBe(40);
    expect(page.chargeback).toBeNull();
    // The money is gone to the bank: nothing is left to refund.
    expect(page.refund).toBeNull();
    await errorOf(await refund(siteAdmin.cookie, { id: orderId, reason: REASON }), 409, "order_not_refundable");
    const audit = await auditOf(orderId);
    expect(audit.map((a) => a.action)).toEqual(["order_charged_back"]);
    expect(JSON.parse(audit[0]?.detail ?? "{}")).toMatchObject({ reason: REASON, credits: 250 });
  });

  it("never takes the balance below zero: only what the member has not spent goes back", async () => {
    const { member, orderId } = await paidOrder();
    await spend(member.id, 200);
    expect((await detail(siteAdmin.cookie, orderId)).chargeback).toEqual({ amount_cents: 1999, credits: 50 });
    const page = await answer(await chargeback(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.adjustments[0]?.credits_taken).toBe(50);
    expect(page.member.balance).toBe(0);
    expect(await ledgerRows(member.id, "chargeback")).toEqual([-50]);
  });

  it("takes nothing from a member who spent it all (or is below zero), and still records it", async () => {
    const { member, orderId } = await paidOrder();
    await spend(member.id, 250);
    const page = await answer(await chargeback(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.adjustments[0]?.credits_taken).toBe(0);
    expect(page.member.balance).toBe(0);
    expect(await ledgerRows(member.id, "chargeback")).toEqual([]);
  });

  it("is recorded once when sent ten times at once, and the provider's own report of it adds nothing", async () => {
    const { member, orderId, paymentId } = await paidOrder({ credits: 10 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => chargeback(siteAdmin.cookie, { id: orderId, reason: REASON })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const response of answers.filter((r) => r.status === 409)) await errorOf(response, 409, "order_already_charged_back");
    expect(await ledgerRows(member.id, "chargeback")).toEqual([-250]);
    expect(await auditOf(orderId)).toHaveLength(1);

    // The provider reports the same chargeback later: the order has it already.
    await env.DB.prepare("UPDATE demo_payments SET charged_back_cents = 1999 WHERE id = ?").bind(paymentId).run();
    expect((await call("/api/payment_webhook.php", formPost({ id: paymentId }))).status).toBe(200);
    expect(await ledgerRows(member.id, "chargeback")).toEqual([-250]);
    expect(await balanceOf(member.id)).toBe(10);
  });

  it("of a refunded order is refused (the money went back already), and a provider's late report takes nothing more", async () => {
    const { member, orderId, paymentId } = await paidOrder();
    expect((await refund(siteAdmin.cookie, { id: orderId, reason: REASON })).status).toBe(200);
    await errorOf(await chargeback(siteAdmin.cookie, { id: orderId, reason: REASON }), 409, "order_not_refundable");
    await env.DB.prepare("UPDATE demo_payments SET charged_back_cents = 1999 WHERE id = ?").bind(paymentId).run();
    expect((await call("/api/payment_webhook.php", formPost({ id: paymentId }))).status).toBe(200);
    expect(await ledgerRows(member.id, "chargeback")).toEqual([]);
    expect(await balanceOf(member.id)).toBe(0);
  });

  it("after the provider reported part of it, takes only the rest", async () => {
    const { member, orderId, paymentId } = await paidOrder({ credits: 500 });
    await env.DB.prepare("UPDATE demo_payments SET charged_back_cents = 1000 WHERE id = ?").bind(paymentId).run();
    expect((await call("/api/payment_webhook.php", formPost({ id: paymentId }))).status).toBe(200);
    expect(await ledgerRows(member.id, "chargeback")).toEqual([-125]);
    const page = await answer(await chargeback(siteAdmin.cookie, { id: orderId, reason: REASON }), 200, StaffOrderAnswerSchema);
    expect(page.adjustments[0]).toMatchObject({ amount_cents: 999, credits_taken: 125 });
    expect(await ledgerRows(member.id, "chargeback")).toEqual([-125, -125]);
    expect(page.ledger.map((r) => r.amount)).toEqual([250, -125, -125]);
  });
});
