/**
 * Premium membership (issue 12; docs/product.md §10.8; docs/api.md "Commerce"):
 *
 * - GET /api/premium.php (designed, member): the membership while it runs, else null.
 * - POST /api/premium.php { action: "cancel" } (designed, member): stops the renewal; the period
 *   runs to its end; a confirmation mail goes out (once).
 * - POST /api/premium_cancel.php { email } (designed, public): "cancel contracts here" without
 *   logging in (§312k BGB): the membership of that address on this site is cancelled and the
 *   confirmation goes to the address. The answer is the same whether or not there was one.
 * - POST /api/dev/renewals.php (developer only): ends the member's period now and runs the
 *   renewal job for them, as the hourly cron would when the period ends.
 *
 * Buying premium is an order (POST /api/orders.php, product "premium").
 */
import { Hono, type Context } from "hono";
import { PremiumActionSchema, PremiumCancelByMailSchema } from "../../../contract/requests/orders";
import type { PremiumAnswer } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { cancelRenewal, findMembership, premiumState } from "../domain/premium";
import { renewDue } from "../domain/renewals";
import { ApiError } from "../lib/errors";
import { requireMember, requireMemberEvenIfBanned } from "../lib/member";
import { readBody } from "../lib/request";
import { findSiteById } from "../lib/site";
import { queuePremiumCancelledMail } from "../mail/premium";
import { queueReceiptMail } from "../mail/receipt";
import { devToolsEnabled } from "./dev";
import { orderDeps } from "./orders";

async function answer(c: Context<ApiContext>, memberId: number): Promise<PremiumAnswer> {
  const membership = await findMembership(c.var.db, memberId);
  return { premium: premiumState(membership), renewal_failed_at: membership?.renewal_failed_at ?? null };
}

async function cancelFor(
  c: Context<ApiContext>,
  member: { id: number; email: string | null; name: string; language: string; timezone: string | null },
) {
  if (!(await cancelRenewal(c.var.db, member.id))) return;
  const membership = await findMembership(c.var.db, member.id);
  if (membership) await queuePremiumCancelledMail(c, member, membership);
}

export const premiumCalls = new Hono<ApiContext>()
  .get("/premium.php", async (c) => {
    // Open to a banned member, like the cancellation (ADR 030): a contract can always be ended.
    const member = requireMemberEvenIfBanned(c);
    c.header("cache-control", "no-store");
    return c.json(await answer(c, member.id));
  })
  .post("/premium.php", async (c) => {
    const member = requireMemberEvenIfBanned(c);
    await readBody(c, PremiumActionSchema);
    await cancelFor(c, member);
    return c.json(await answer(c, member.id));
  })
  .post("/premium_cancel.php", async (c) => {
    const { email } = await readBody(c, PremiumCancelByMailSchema);
    const member = await c.var.db
      .selectFrom("members")
      .select(["id", "email", "name", "language", "timezone"])
      .where("site_id", "=", c.var.site.id)
      .where("email", "=", email.trim().toLowerCase())
      .where("status", "!=", "deleted")
      .executeTakeFirst();
    if (member) await cancelFor(c, member);
    return c.json({ received: true }, 202);
  })
  .post("/dev/renewals.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const member = requireMember(c);
    const now = Date.now();
    // The period ends now, so the renewal is due: what the cron does when the day comes.
    await c.var.db
      .updateTable("premium_memberships")
      .set({ current_period_end: now + 60_000, updated_at: now })
      .where("member_id", "=", member.id)
      .execute();
    const deps = { ...orderDeps(c), siteById: (id: number) => findSiteById(c.var.db, id) };
    const outcomes = await renewDue(deps, now, member.id);
    for (const outcome of outcomes) if (outcome.result === "paid" && outcome.order) await queueReceiptMail(c, outcome.order);
    return c.json({
      renewals: outcomes.map((o) => ({ result: o.result, order: o.order?.id ?? null })),
      ...(await answer(c, member.id)),
    });
  });
