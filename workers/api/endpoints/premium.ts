/**
 * Premium membership (issue 12; docs/product.md §10.8; docs/api.md "Commerce"):
 *
 * - GET /api/premium.php (designed, member): the membership while it runs, else null.
 * - POST /api/premium.php { action: "cancel" } (designed, member): stops the renewal; the period
 *   runs to its end; a confirmation mail goes out (once).
 * - POST /api/premium_cancel.php { email } (designed, public): "cancel contracts here" without
 *   logging in (§312k BGB). Nothing changes yet: when the address has a membership that renews
 *   on this site, a one-time confirmation link goes to it (issue 25: anyone could otherwise stop
 *   another member's renewal). Always 202, whether or not there was one, the mail made after
 *   the answer; limited per IP and per address, every request counting (429).
 * - GET /api/premium_cancel.php?token=…: whether a confirmation link still works.
 * - POST /api/premium_cancel.php?do=1 { token } (public): the link's owner confirms; the
 *   renewal stops and the cancellation's confirmation is mailed. Once, for 24 hours, on its own
 *   site; anything else is 410 token_invalid.
 * - POST /api/dev/renewals.php (developer only): ends the member's period now and runs the
 *   renewal job for them, as the hourly cron would when the period ends.
 *
 * Buying premium is an order (POST /api/orders.php, product "premium").
 */
import { Hono, type Context } from "hono";
import { PremiumActionSchema, PremiumCancelByMailSchema, PremiumCancelConfirmSchema } from "../../../contract/requests/orders";
import {
  PremiumCancelLinkSchema,
  PremiumCanceledSchema,
  PremiumCancelRequestedSchema,
  RenewalsAnswerSchema,
} from "../../../contract/answers/premium";
import { type PremiumAnswer, PremiumAnswerSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { orderDeps } from "../domain/order-deps";
import { findMember, findMemberByEmail } from "../db/members";
import { claimLink, newLink, storePremiumCancelLink, usablePremiumCancelLink } from "../domain/one-time-links";
import { cancelRenewal, findMembership, premiumState } from "../domain/premium";
import { makeRenewalDue, renewDue } from "../domain/renewals";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { requireMember, requireMemberEvenIfBanned } from "../lib/member";
import { normaliseEmail } from "../lib/email";
import { runAfterAnswer } from "../lib/after-answer";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp, readBody } from "../lib/request";
import { findSiteById } from "../lib/site";
import { queuePremiumCancelConfirmMail, queuePremiumCancelledMail } from "../mail/premium";
import { queueReceiptMail } from "../mail/receipt";
import { devToolsEnabled } from "../lib/dev-tools";

/** How long a cancellation's confirmation link works. */
export const PREMIUM_CANCEL_TTL_MS = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Asking without logging in: per IP, and per address (it mails that address). */
export const PREMIUM_CANCEL_LIMITS = { ip: { max: 10, windowMs: HOUR }, email: { max: 3, windowMs: HOUR } } as const;

const cancelTokenInvalid = () => new ApiError(410, "token_invalid", "This confirmation link is invalid, used or expired.");

async function premiumOf(c: Context<ApiContext>, memberId: number): Promise<PremiumAnswer> {
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
    return answer(c, PremiumAnswerSchema, await premiumOf(c, member.id));
  })
  .post("/premium.php", async (c) => {
    const member = requireMemberEvenIfBanned(c);
    await readBody(c, PremiumActionSchema);
    await cancelFor(c, member);
    return answer(c, PremiumAnswerSchema, await premiumOf(c, member.id));
  })
  .post("/premium_cancel.php", async (c) => {
    c.header("cache-control", "no-store");
    const { db, site } = c.var;
    if (c.req.query("do") !== undefined) {
      // The link from the mail: only now does anything change.
      const { token } = await readBody(c, PremiumCancelConfirmSchema);
      const link = await usablePremiumCancelLink(db, site.id, token);
      if (!link) throw cancelTokenInvalid();
      if (!(await claimLink(db, "premium_cancel", site.id, link.token_hash))) throw cancelTokenInvalid();
      const member = await findMember(db, site.id, link.member_id);
      if (member) await cancelFor(c, member);
      return answer(c, PremiumCanceledSchema, { canceled: true });
    }
    const { email: typed } = await readBody(c, PremiumCancelByMailSchema);
    const email = normaliseEmail(typed);
    // Every request counts, before anything is looked up: parallel posts cannot pass together.
    const limits: Limit[] = [
      { key: `premium-cancel:ip:${clientIp(c)}`, ...PREMIUM_CANCEL_LIMITS.ip },
      { key: `premium-cancel:email:${site.id}:${email}`, ...PREMIUM_CANCEL_LIMITS.email },
    ];
    for (const limit of limits) await takeAttempt(db, limit);
    // After the answer, so a member and a stranger take the same time.
    const work = (async () => {
      const member = await findMemberByEmail(db, site.id, email);
      if (!member?.email) return;
      const membership = await findMembership(db, member.id);
      if (!membership || premiumState(membership)?.renews !== true) return;
      const link = await newLink();
      await storePremiumCancelLink(db, { hash: link.hash, memberId: member.id, siteId: site.id, ttlMs: PREMIUM_CANCEL_TTL_MS });
      await queuePremiumCancelConfirmMail(
        c,
        { id: member.id, email: member.email, name: member.name, language: member.language },
        link.token,
      );
    })().catch((error: unknown) => console.error("premium cancellation link failed:", error));
    await runAfterAnswer(c, work);
    return answer(c, PremiumCancelRequestedSchema, { received: true }, 202);
  })
  .get("/premium_cancel.php", async (c) => {
    // The token is in the URL: keep it out of caches and Referer headers.
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    const link = await usablePremiumCancelLink(c.var.db, c.var.site.id, c.req.query("token"));
    return answer(c, PremiumCancelLinkSchema, { valid: link !== undefined });
  })
  .post("/dev/renewals.php", async (c) => {
    if (!devToolsEnabled(c)) throw new ApiError(404, "not_found", "No such API call.");
    const member = requireMember(c);
    const now = Date.now();
    // The period ends now, so the renewal is due: what the cron does when the day comes.
    await makeRenewalDue(c.var.db, member.id, now);
    const deps = { ...orderDeps(c), siteById: (id: number) => findSiteById(c.var.db, id) };
    const outcomes = await renewDue(deps, now, member.id);
    for (const outcome of outcomes) if (outcome.result === "paid" && outcome.order) await queueReceiptMail(c, outcome.order);
    return answer(c, RenewalsAnswerSchema, {
      renewals: outcomes.map((o) => ({ result: o.result, order: o.order?.id ?? null })),
      ...(await premiumOf(c, member.id)),
    });
  });
