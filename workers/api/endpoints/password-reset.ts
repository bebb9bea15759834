/**
 * Password reset (issue 4), three calls on /api/password_reset.php:
 *
 * - POST { email }: asks for a reset link. Always { sent: true } for an address that passes the
 *   length check, whether or not a member has it; the link is made and mailed after the answer
 *   (c.executionCtx.waitUntil), so both cases answer after the same work. Rate-limited per IP
 *   and per address, every request counting.
 * - GET ?token=…: whether a link still works ({ valid }), for the page that asks for the password.
 * - POST ?do=1 { token, password }: sets the new password. The token works once, for one hour,
 *   on the site that made it; only its SHA-256 is stored (table password_resets). On success
 *   every session of the member ends, the member's other links stop working, a not yet
 *   confirmed address counts as confirmed, and the member is logged in.
 */
import { Hono, type Context } from "hono";
import { PasswordResetBodySchema, PasswordResetRequestBodySchema } from "../../../contract/requests/password";
import { PasswordResetSentSchema, PasswordResetTokenSchema } from "../../../contract/schemas/account";
import { UserAnswerSchema } from "../../../contract/schemas/members";
import { newPasswordProblem } from "../../../contract/rules/password";
import type { ApiContext } from "../context";
import { resetPassword } from "../db/accounts";
import { findMember, findMemberByEmail, toUser } from "../db/members";
import { claimLink, storePasswordResetLink } from "../db/one-time-links";
import { newLink, usablePasswordResetLink } from "../domain/one-time-links";
import { normaliseEmail } from "../lib/email";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { resetAddressKey } from "../lib/limit-keys";
import { hashPassword } from "../lib/passwords";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp, readBody } from "../lib/request";
import { invalidInput } from "../lib/validate";
import { startSession } from "../lib/sessions";
import { runAfterAnswer } from "../lib/after-answer";
import { queuePasswordResetMail } from "../mail/password-reset";
import { postbackAfterAnswer } from "../domain/postbacks";

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

const tokenInvalid = () => new ApiError(410, "token_invalid", "This reset link is invalid, used or expired.");

async function requestLink(c: Context<ApiContext>): Promise<Response> {
  const body = await readBody(c, PasswordResetRequestBodySchema);
  const { db, site } = c.var;
  const email = normaliseEmail(body.email);
  const limits: Limit[] = [
    { key: `reset:ip:${clientIp(c)}`, max: 10, windowMs: FIFTEEN_MINUTES },
    { key: resetAddressKey(site.id, email), max: 3, windowMs: ONE_HOUR },
  ];
  for (const limit of limits) await takeAttempt(db, limit);

  const member = await findMemberByEmail(db, site.id, email);
  // Made either way, so both answers cost the same; stored and mailed only for a real member,
  // after the answer has gone.
  const link = await newLink();
  if (member && member.is_fictional === 0 && member.email) {
    const { id, name, language } = member;
    const address = member.email;
    const work = (async () => {
      await storePasswordResetLink(db, { hash: link.hash, memberId: id, siteId: site.id, ttlMs: RESET_TTL_MS });
      await queuePasswordResetMail(c, { id, email: address, name, language }, link.token);
    })().catch((error: unknown) => console.error(`password reset for member ${id} failed:`, error));
    await runAfterAnswer(c, work);
  }
  c.header("cache-control", "no-store");
  return answer(c, PasswordResetSentSchema, { sent: true });
}

async function resetWithLink(c: Context<ApiContext>): Promise<Response> {
  const body = await readBody(c, PasswordResetBodySchema);
  const problem = newPasswordProblem(body.password);
  if (problem) {
    throw invalidInput({ password: problem });
  }
  const { db, site } = c.var;
  const reset = await usablePasswordResetLink(db, site.id, body.token);
  if (!reset) throw tokenInvalid();
  const password = await hashPassword(body.password as string);

  // Of two requests with the same token, only one gets past this.
  const now = Date.now();
  if (!(await claimLink(db, "password_reset", site.id, reset.token_hash, now))) throw tokenInvalid();

  const memberId = reset.member_id;
  // Every device is logged out; the member's other links stop working.
  await resetPassword(c.env.DB, db, { memberId, siteId: site.id, password }, now);

  const member = await findMember(db, site.id, memberId);
  if (!member) throw tokenInvalid();
  await startSession(c, memberId);
  // The address is proven now, if it was not before: the double opt-in conversion (once).
  if (member.activated_at !== null) await postbackAfterAnswer(c, memberId, "doi");
  const user = await toUser(db, site, member);
  c.header("cache-control", "no-store");
  return answer(c, UserAnswerSchema, { user });
}

export const passwordReset = new Hono<ApiContext>()
  .post("/password_reset.php", (c) => (c.req.query("do") !== undefined ? resetWithLink(c) : requestLink(c)))
  .get("/password_reset.php", async (c) => {
    // The token is in the URL: keep it out of caches and out of Referer headers.
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    const reset = await usablePasswordResetLink(c.var.db, c.var.site.id, c.req.query("token"));
    return answer(c, PasswordResetTokenSchema, { valid: reset !== undefined });
  });
