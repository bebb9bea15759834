/**
 * PUT /api/password.php (designed, issue 4): the logged-in member changes the password.
 * `current` must verify, else 403 wrong_password; failures are rate-limited per member (5 per
 * 15 minutes, 429). The new password follows the reset rules (8–1000 characters, not only
 * spaces). On success every other session of the member ends; this one stays.
 */
import { Hono } from "hono";
import { PasswordChangeBodySchema } from "../../../contract/requests/password";
import type { ApiContext } from "../context";
import { endLinksStatement } from "../domain/one-time-links";
import { ApiError } from "../lib/errors";
import { requireCurrentPassword } from "../lib/current-password";
import { hashPassword } from "../lib/passwords";
import { readBody } from "../lib/request";
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
    throw new ApiError(422, "invalid_input", "Some fields are missing or invalid.", { fields: { password: problem } });
  }
  const newPassword = body.password as string;

  await requireCurrentPassword(db, member, body.current, "current");

  const hashed = await hashPassword(newPassword);
  await db
    .updateTable("members")
    .set({ password_hash: hashed.hash, password_salt: hashed.salt, password_iterations: hashed.iterations })
    .where("id", "=", memberId)
    .execute();
  await endOtherSessions(c, memberId);
  // A pending change of address (perhaps asked for by whoever had the old password) ends too.
  await endLinksStatement(db, "email_change", memberId).execute();
  return c.json({ changed: true as const });
});
