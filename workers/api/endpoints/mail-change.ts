/**
 * Email change (designed, issue 4), on /api/mail_change.php:
 *
 * - POST { email, password } (logged in): asks to move the account to a new address. The
 *   current password is needed (a borrowed session must not be able to take the account), the
 *   address must be one sign-up would accept (validate_email.php's rules, not at a throwaway mail
 *   service: 422 email_disposable, ADR 056) and not the current one. A confirmation link goes to the new address; nothing changes until it is used.
 *   3 requests an hour per member; wrong passwords count against the password-change limit.
 * - GET ?token=…: whether a link still works, and the address it confirms.
 * - POST ?do=1 { token } (no login needed: the link may be opened on another device): applies
 *   the change if the address is still free. The link works once, for 24 hours, on its own
 *   site; only its SHA-256 is stored. The old address is told, with a one-time "This was not
 *   me" link that undoes the change (/api/account_rescue.php, domain/account-rescue.ts).
 */
import { Hono, type Context } from "hono";
import { MailChangeBodySchema, MailChangeConfirmBodySchema } from "../../../contract/requests/mail-change";
import { MailChangeSentSchema, MailChangeTokenSchema, MailChangedSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { changeEmail } from "../db/accounts";
import { findMember } from "../db/members";
import { claimLink, storeEmailChangeLink, storeRescueLink } from "../db/one-time-links";
import { newLink, usableEmailChangeLink } from "../domain/one-time-links";
import { RESCUE_TTL_MS } from "../domain/account-rescue";
import { assertVisibleEmail, normaliseEmail } from "../lib/email";
import { assertAddressNotBanned, emailRefusal, emailStatus } from "../lib/email-status";
import { assertNotDisposable } from "../lib/disposable-email";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { addressChangeLimit } from "../lib/limit-keys";
import { requireCurrentPassword } from "../lib/current-password";
import { assertUnderLimit, recordAttempt } from "../lib/rate-limit";
import { readBody } from "../lib/request";
import { requireMember } from "../lib/member";
import { queueMailChangeMail, queueMailChangedNotice } from "../mail/mail-change";
import { runAfterAnswer } from "../lib/after-answer";
import { postbackAfterAnswer } from "../domain/postbacks";

/** How long a confirmation link works. */
export const MAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const tokenInvalid = () => new ApiError(410, "token_invalid", "This confirmation link is invalid, used or expired.");

async function requestChange(c: Context<ApiContext>): Promise<Response> {
  const member = requireMember(c);
  const body = await readBody(c, MailChangeBodySchema);
  const { db, site } = c.var;

  // Each request mails an address the member typed: a few an hour, so this relays no spam.
  const changeLimit = addressChangeLimit(member.id);
  await assertUnderLimit(db, changeLimit);
  await requireCurrentPassword(db, member, body.password, "password");

  assertVisibleEmail(body.email);
  const email = normaliseEmail(body.email);
  if (email === member.email) {
    throw new ApiError(422, "same_email", "This is the address the account has now.", { fields: { email: "same_email" } });
  }
  // Throwaway mail services are refused (ADR 056).
  assertNotDisposable(email);
  const status = await emailStatus(c, email);
  if (status !== "new") throw emailRefusal(status);
  await assertAddressNotBanned(c, email);
  await recordAttempt(db, changeLimit);

  const link = await newLink();
  await storeEmailChangeLink(db, {
    hash: link.hash,
    memberId: member.id,
    siteId: site.id,
    ttlMs: MAIL_CHANGE_TTL_MS,
    newEmail: email,
  });
  const mail = queueMailChangeMail(c, { id: member.id, email, name: member.name, language: member.language }, link.token);
  await runAfterAnswer(
    c,
    mail.catch((error: unknown) => console.error(`mail change mail for member ${member.id} failed:`, error)),
  );
  c.header("cache-control", "no-store");
  return answer(c, MailChangeSentSchema, { sent: true, email });
}

async function applyChange(c: Context<ApiContext>): Promise<Response> {
  const body = await readBody(c, MailChangeConfirmBodySchema);
  const { db, site } = c.var;
  const change = await usableEmailChangeLink(db, site.id, body.token);
  if (!change) throw tokenInvalid();
  // Someone may have signed up with the address since the link was sent.
  const status = await emailStatus(c, change.new_email);
  if (status !== "new") throw emailRefusal(status);
  await assertAddressNotBanned(c, change.new_email);
  const before = await findMember(db, site.id, change.member_id);
  if (!before) throw tokenInvalid();

  // Of two requests with the same token, only one gets past this.
  const now = Date.now();
  if (!(await claimLink(db, "email_change", site.id, change.token_hash, now))) throw tokenInvalid();

  const memberId = change.member_id;
  try {
    await changeEmail(c.env.DB, db, { memberId, siteId: site.id, email: change.new_email }, now);
  } catch (error) {
    // The unique (site, email) index: the address was taken between the check and now.
    if (String(error).includes("UNIQUE")) throw emailRefusal("active");
    throw error;
  }

  // The address is proven: the double opt-in conversion, if this was the first proof (sent once).
  if (before.activated_at === null) await postbackAfterAnswer(c, memberId, "doi");
  if (before.email) {
    const notice = { id: memberId, email: before.email, name: before.name, language: before.language };
    // "This was not me": a one-time link that gives the account back to the old address.
    const rescue = await newLink();
    await storeRescueLink(db, {
      hash: rescue.hash,
      memberId,
      siteId: site.id,
      ttlMs: RESCUE_TTL_MS,
      kind: "email_change",
      oldEmail: before.email,
    });
    const mail = queueMailChangedNotice(c, notice, change.new_email, rescue.token);
    await runAfterAnswer(
      c,
      mail.catch((error: unknown) => console.error(`mail changed notice for member ${memberId} failed:`, error)),
    );
  }
  c.header("cache-control", "no-store");
  return answer(c, MailChangedSchema, { changed: true, email: change.new_email });
}

export const mailChange = new Hono<ApiContext>()
  .post("/mail_change.php", (c) => (c.req.query("do") !== undefined ? applyChange(c) : requestChange(c)))
  .get("/mail_change.php", async (c) => {
    // The token is in the URL: keep it out of caches and Referer headers.
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    const change = await usableEmailChangeLink(c.var.db, c.var.site.id, c.req.query("token"));
    return change
      ? answer(c, MailChangeTokenSchema, { valid: true, email: change.new_email })
      : answer(c, MailChangeTokenSchema, { valid: false });
  });
