/**
 * POST /api/support.php (designed, issue 15; docs/api.md): a message from /pages/service to the
 * site's customer service, delivered as a mail through the outbox and the mail adapter. Visitors
 * may write too; a member's account is named in the mail. Limited per IP (SUPPORT_PER_HOUR,
 * counted atomically before anything is written), so the form relays no spam. Nothing is mailed
 * to the address the sender typed: an automatic answer to any typed address would be a relay.
 */
import { Hono } from "hono";
import { SupportRequestSchema, SupportSentSchema } from "../../../contract/requests/support";
import { SUPPORT_PER_HOUR } from "../../../contract/rules/support";
import type { ApiContext } from "../context";
import { isDeliverable, normaliseEmail } from "../lib/email";
import { answer } from "../lib/answer";
import { type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp, readBody } from "../lib/request";
import { invalidInput } from "../lib/validate";
import { queueMail } from "../mail/outbox";
import { renderSupportMail } from "../mail/support";

const HOUR = 60 * 60 * 1000;

export const support = new Hono<ApiContext>().post("/support.php", async (c) => {
  const body = await readBody(c, SupportRequestSchema);
  const email = normaliseEmail(body.email);
  if (!isDeliverable(email)) {
    throw invalidInput({ email: "invalid_email" }, "This address cannot receive mail.");
  }
  const { db, site, member } = c.var;
  const ip = clientIp(c);
  // Every message that would be sent counts, before it is written: parallel posts cannot pass together.
  const limit: Limit = { key: `support:ip:${site.id}:${ip}`, max: SUPPORT_PER_HOUR, windowMs: HOUR };
  await takeAttempt(db, limit);

  const reference = `S${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .toUpperCase()
    .padStart(3, "0")}`;
  const mail = renderSupportMail(site.settings, {
    name: body.name,
    email,
    topic: body.topic,
    message: body.message,
    reference,
    memberId: member?.id ?? null,
    memberEmail: member?.email ?? null,
    ip,
  });
  await queueMail(c, { kind: "support", memberId: member?.id ?? null, to: site.settings.support_email, replyTo: email, ...mail });
  c.header("Cache-Control", "no-store");
  return answer(c, SupportSentSchema, { sent: true, reference }, 201);
});
