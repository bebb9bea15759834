/**
 * "This was not me" (designed, issue 25; docs/api.md; domain/account-rescue.ts), on
 * /api/account_rescue.php, no login needed (the owner may be locked out):
 *
 * - GET ?token=…: whether the link still works, and what it undoes (an email or a password change).
 * - POST { token }: the rescue. Restores the old address (after an email change), ends every
 *   session, takes the password away and mails a reset link to the account's address. Works
 *   once, for 7 days, on its own site; a used, expired, forged or another site's token is 410
 *   token_invalid; an old address that another account has taken since is 409 rescue_email_taken.
 */
import { Hono } from "hono";
import { AccountRescueBodySchema } from "../../../contract/requests/account-rescue";
import { AccountRescuedSchema, AccountRescueTokenSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { findMember } from "../db/members";
import { rescueAccount } from "../domain/account-rescue";
import { usableRescueLink } from "../domain/one-time-links";
import { runAfterAnswer } from "../lib/after-answer";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { readBody } from "../lib/request";
import { queuePasswordResetMail } from "../mail/password-reset";
import { RESET_TTL_MS } from "./password-reset";

export const accountRescue = new Hono<ApiContext>()
  .get("/account_rescue.php", async (c) => {
    // The token is in the URL: keep it out of caches and Referer headers.
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    const rescue = await usableRescueLink(c.var.db, c.var.site.id, c.req.query("token"));
    return rescue
      ? answer(c, AccountRescueTokenSchema, { valid: true, kind: rescue.kind })
      : answer(c, AccountRescueTokenSchema, { valid: false });
  })
  .post("/account_rescue.php", async (c) => {
    const body = await readBody(c, AccountRescueBodySchema);
    const { db, site } = c.var;
    c.header("cache-control", "no-store");
    const outcome = await rescueAccount({ db, d1: c.env.DB, siteId: site.id, resetTtlMs: RESET_TTL_MS }, body.token);
    if (!outcome.ok) {
      if (outcome.reason === "email_taken") {
        throw new ApiError(409, "rescue_email_taken", "The old address belongs to another account now.");
      }
      throw new ApiError(410, "token_invalid", "This link is invalid, used or expired.");
    }
    const member = await findMember(db, site.id, outcome.memberId);
    if (member) {
      const to = { id: member.id, email: outcome.email, name: member.name, language: member.language };
      const mail = queuePasswordResetMail(c, to, outcome.resetToken);
      await runAfterAnswer(
        c,
        mail.catch((error: unknown) => console.error(`rescue reset mail for member ${member.id} failed:`, error)),
      );
    }
    return answer(c, AccountRescuedSchema, { rescued: true, kind: outcome.kind, email: outcome.email });
  });
