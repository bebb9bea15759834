/**
 * Renewing premium (docs/product.md §10.8): a scheduled job (hourly cron; the development panel
 * runs it on demand) charges the next period of every membership that renews and ends within a
 * day, with a recurring payment on the member's mandate at the plan's price for their payment
 * country. The order's key names the period (renewal:<member>:<period end>), so the job running
 * twice, or twice at once, charges a period once. A payment the provider settles at once is
 * settled here; one it reports later comes through the webhook as any other. A renewal that
 * cannot be charged ends the renewal: the period runs out and the member is told on /premium.
 */
import { quote } from "../../../contract/rules/pricing";
import type { PaymentAdapter } from "../adapters/payments/types";
import type { Db } from "../db/client";
import { runBatch } from "../db/client";
import type { Site } from "../lib/site";
import { findOrder, type Order } from "../db/orders";
import { settle } from "./order-settlement";
import { newOrderId } from "./orders";
import { type Membership, RENEW_AHEAD_MS } from "./premium";

export interface RenewalDeps {
  d1: D1Database;
  db: Db;
  adapter: PaymentAdapter;
  /** The site of a membership (its plans, prices and domain). */
  siteById(id: number): Promise<Site | null>;
}

export interface RenewalOutcome {
  memberId: number;
  /** paid, pending (the provider settles later), failed, skipped (already tried for this period). */
  result: "paid" | "pending" | "failed" | "skipped";
  order: Order | null;
}

/** Memberships that renew and end within a day (or `onlyMember`'s, for the development panel). */
export function dueMemberships(db: Db, now: number, onlyMember?: number) {
  let query = db
    .selectFrom("premium_memberships")
    .selectAll()
    .where("renews", "=", 1)
    .where("current_period_end", "<=", now + RENEW_AHEAD_MS);
  if (onlyMember !== undefined) query = query.where("member_id", "=", onlyMember);
  return query.execute();
}

/** The development panel's "renew now": the member's period ends in a minute, so its renewal is due now. */
export async function makeRenewalDue(db: Db, memberId: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("premium_memberships")
    .set({ current_period_end: now + 60_000, updated_at: now })
    .where("member_id", "=", memberId)
    .execute();
}

async function stopRenewal(db: Db, memberId: number, now: number): Promise<void> {
  await db
    .updateTable("premium_memberships")
    .set({ renews: 0, renewal_failed_at: now, updated_at: now })
    .where("member_id", "=", memberId)
    .execute();
}

export async function renewMembership(deps: RenewalDeps, membership: Membership, now = Date.now()): Promise<RenewalOutcome> {
  const { db, adapter } = deps;
  const memberId = membership.member_id;
  const failed = async (why: string, order: Order | null = null): Promise<RenewalOutcome> => {
    console.error(`premium renewal of member ${memberId}: ${why}`);
    await stopRenewal(db, memberId, now);
    return { memberId, result: "failed", order };
  };
  const site = await deps.siteById(membership.site_id);
  const plan = site?.settings.commerce.premium_plans.find((p) => p.id === membership.plan_id);
  if (!site || !plan) return failed("the plan is no longer sold");
  const customer = await db
    .selectFrom("payment_customers")
    .select("customer_id")
    .where("member_id", "=", memberId)
    .where("provider", "=", adapter.name)
    .executeTakeFirst();
  if (!customer) return failed("no customer at the provider");

  const key = `renewal:${memberId}:${membership.current_period_end}`;
  const priced = quote(site.settings, plan, membership.country);
  const id = newOrderId();
  const inserted = await db
    .insertInto("orders")
    .values({
      id,
      site_id: site.id,
      member_id: memberId,
      create_key: key,
      product: "premium",
      product_id: plan.id,
      credits: plan.bonus_credits,
      months: plan.months,
      sequence: "recurring",
      country: membership.country,
      currency: priced.currency,
      list_cents: priced.list_cents,
      discount_cents: 0,
      amount_cents: priced.amount_cents,
      vat_rate: priced.vat_rate,
      vat_cents: priced.vat_cents,
      method: membership.method,
      locale: "en",
      provider: adapter.name,
      status: "created",
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["member_id", "create_key"]).doNothing())
    .executeTakeFirst();
  // This period was tried before (another run, or this one twice at once): nothing more now.
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return { memberId, result: "skipped", order: null };

  const order = await findOrder(db, id);
  if (!order) return failed("the order vanished");
  try {
    const payment = await adapter.createPayment({
      orderId: id,
      amount: { cents: priced.amount_cents, currency: priced.currency },
      description: `${site.settings.name}: Premium, ${plan.months} months (renewal)`,
      webhookUrl: `https://${site.settings.domain}/api/payment_webhook.php`,
      sequenceType: "recurring",
      customerId: customer.customer_id,
      metadata: { order_id: id },
    });
    await runBatch(deps.d1, [
      db
        .updateTable("orders")
        .set({ status: "open", provider_payment_id: payment.id, updated_at: Date.now() })
        .where("id", "=", id),
      db
        .insertInto("order_events")
        .values({ order_id: id, event: "renewal_payment_created", detail: payment.id, at: Date.now() }),
    ]);
    const opened = await findOrder(db, id);
    if (!opened) return failed("the order vanished");
    const { paidNow } = await settle(deps, opened, payment);
    const settled = (await findOrder(db, id)) ?? opened;
    if (paidNow || settled.status === "paid") return { memberId, result: "paid", order: settled };
    if (settled.status === "failed" || settled.status === "canceled" || settled.status === "expired") {
      return failed(`the payment ${settled.status}`, settled);
    }
    return { memberId, result: "pending", order: settled };
  } catch (error) {
    await db.updateTable("orders").set({ status: "error", updated_at: Date.now() }).where("id", "=", id).execute();
    return failed(error instanceof Error ? error.message : String(error), order);
  }
}

/** Renews every due membership (the cron), or one member's (the development panel). */
export async function renewDue(deps: RenewalDeps, now = Date.now(), onlyMember?: number): Promise<RenewalOutcome[]> {
  const outcomes: RenewalOutcome[] = [];
  for (const membership of await dueMemberships(deps.db, now, onlyMember)) {
    outcomes.push(await renewMembership(deps, membership, now));
  }
  return outcomes;
}
