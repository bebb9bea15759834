/**
 * PUT /api/password.php (designed, issue 4): the logged-in member changes the password.
 * `current` must verify, else 403 wrong_password; failures are rate-limited per member (5 per
 * 15 minutes, 429). The new password follows the reset rules (8–1000 characters, not only
 * spaces). On success every other session of the member ends; this one stays; the account's
 * address is told, with a one-time "This was not me" link (domain/account-rescue.ts).
 */
import { Hono } from "hono";
import { PasswordChangeBodySchema } from "../../../contract/requests/password";
import { PasswordChangedSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { RESCUE_TTL_MS } from "../domain/account-rescue";
import { setPassword } from "../db/accounts";
import { endLinks, storeRescueLink } from "../db/one-time-links";
import { newLink } from "../domain/one-time-links";
import { runAfterAnswer } from "../lib/after-answer";
import { queuePasswordChangedNotice } from "../mail/mail-change";
import { answer } from "../lib/answer";
import { requireCurrentPassword } from "../lib/current-password";
import { hashPassword } from "../lib/passwords";
import { readBody } from "../lib/request";
import { invalidInput } from "../lib/validate";
import { requireMember } from "../lib/member";
import { endOtherSessions } from "../lib/sessions";
import { newPasswordProblem } from "../../../contract/rules/password";

export const password = new Hono<ApiContext>().put("/password.php", async (c) => {
  const member = requireMember(c);
  const memberId = member.id;
  const { db } = c.var;

  const body = await readBody(c, PasswordChangeBodySchema);
  const problem = newPasswordProblem(body.password);
  if (problem) {
    throw invalidInput({ password: problem });
  }
  const newPassword = body.password as string;

  await requireCurrentPassword(db, member, body.current, "current");

  const hashed = await hashPassword(newPassword);
  await setPassword(db, memberId, hashed);
  await endOtherSessions(c, memberId);
  // A pending change of address (perhaps asked for by whoever had the old password) ends too.
  await endLinks(db, "email_change", memberId);

  if (member.email) {
    // "This was not me": whoever changed it may have had the old password.
    const rescue = await newLink();
    await storeRescueLink(db, {
      hash: rescue.hash,
      memberId,
      siteId: c.var.site.id,
      ttlMs: RESCUE_TTL_MS,
      kind: "password_change",
      oldEmail: null,
    });
    const notice = { id: memberId, email: member.email, name: member.name, language: member.language };
    const mail = queuePasswordChangedNotice(c, notice, rescue.token);
    await runAfterAnswer(
      c,
      mail.catch((error: unknown) => console.error(`password changed notice for member ${memberId} failed:`, error)),
    );
  }
  return answer(c, PasswordChangedSchema, { changed: true });
});
