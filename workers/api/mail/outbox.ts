/**
 * Every mail goes through here: written to mail_outbox first (GET /api/activate.php reads its
 * delivery state there, the development mailbox lists it), then handed to the configured
 * adapter after the answer has gone, so the request that caused it never waits for a mail
 * service. The row ends with delivered_at, or failed_at and the error.
 */
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { runAfterAnswer } from "../lib/after-answer";
import type { Db } from "../db/client";
import type { Site } from "../lib/site";
import { mailAdapter, type MailAdapter } from "./adapters";
import type { RenderedMail } from "./template";

export interface MailToQueue extends RenderedMail {
  kind:
    | "activation"
    | "password_reset"
    | "mail_change"
    | "mail_changed"
    | "password_changed"
    | "premium_cancel_confirm"
    | "receipt"
    | "withdrawal"
    | "premium_cancelled"
    | "support"
    | "notice_received"
    | "moderation_decision"
    | "notice_decided"
    | "appeal_received";
  memberId: number | null;
  to: string;
  /** Where answers go; the site's support address unless given (a support message: its sender). */
  replyTo?: string;
}

/** "Amora <hello@amora.example>", with characters that would break the header removed. */
export function fromAddress(siteName: string, address: string): string {
  const name = siteName.replace(/["<>\\\r\n]/g, "").trim();
  return name ? `${name} <${address}>` : address;
}

/** Writes the row and delivers it (in the background when the runtime allows). Returns the row id. */
export async function queueMail(c: Context<ApiContext>, mail: MailToQueue): Promise<number> {
  let queued: Promise<void> = Promise.resolve();
  const id = await queueMailFor({ db: c.var.db, site: c.var.site, env: c.env }, mail, (delivery) => {
    queued = Promise.resolve(runAfterAnswer(c, delivery));
  });
  await queued;
  return id;
}

/** Where a mail is written and how it leaves, outside a request too (the renewal job). */
export interface MailScope {
  db: Db;
  site: Site;
  env: { MAIL_ADAPTER?: string; RESEND_API_KEY?: string };
}

/**
 * Writes the row, then hands its delivery to `deliverLater` (a request's waitUntil), or awaits
 * it when none is given. Returns the row id.
 */
export async function queueMailFor(
  { db, site, env }: MailScope,
  mail: MailToQueue,
  deliverLater?: (delivery: Promise<void>) => void,
): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      site_id: site.id,
      member_id: mail.memberId,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  let adapter: MailAdapter | Error;
  try {
    adapter = mailAdapter(env);
  } catch (error) {
    adapter = error instanceof Error ? error : new Error(String(error));
  }
  const delivery = deliver(db, adapter, {
    id: row.id,
    from: fromAddress(site.settings.name, site.settings.email),
    to: mail.to,
    replyTo: mail.replyTo ?? site.settings.support_email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
  if (deliverLater) deliverLater(delivery);
  else await delivery;
  return row.id;
}

/**
 * Hands the adapter one mail and records the outcome on its row. Never rejects: a failure is
 * state (failed_at, error), logged once.
 */
export async function deliver(db: Db, adapter: MailAdapter | Error, mail: Parameters<MailAdapter["send"]>[0]): Promise<void> {
  try {
    if (adapter instanceof Error) throw adapter;
    await adapter.send(mail);
    await db.updateTable("mail_outbox").set({ delivered_at: Date.now() }).where("id", "=", mail.id).execute();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    console.error(`mail ${mail.id} was not delivered:`, message);
    await db
      .updateTable("mail_outbox")
      .set({ failed_at: Date.now(), error: message })
      .where("id", "=", mail.id)
      .execute()
      .catch((dbError: unknown) => console.error(`mail ${mail.id}: recording the failure failed`, dbError));
  }
}
