/**
 * The mails of an email change (issue 4): the confirmation to the new address, with a link to
 * the app's /mail-change/do?token=… page, and the notice to the old address once the change is
 * made, whose "This was not me" button is a one-time rescue link to /account-rescue?token=…
 * (issue 25, domain/account-rescue.ts). A password change mails the same kind of notice.
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../contract/schemas";
import type { Locale } from "../../../contract/locales";
import type { ApiContext } from "../context";
import { publicOrigin, renderStandardMail, type MailMember } from "./common";
import { queueMail } from "./outbox";
import type { RenderedMail } from "./template";

export function mailChangeLink(c: Context<ApiContext>, token: string): string {
  const url = new URL("/mail-change/do", publicOrigin(c));
  url.searchParams.set("token", token);
  return url.href;
}

/** To the new address: confirm it. `member.email` is the new address. */
export async function queueMailChangeMail(c: Context<ApiContext>, member: MailMember, token: string): Promise<void> {
  const mail = renderMailChangeMail(c.var.site.settings, member, mailChangeLink(c, token));
  await queueMail(c, { kind: "mail_change", memberId: member.id, to: member.email, ...mail });
}

/** The "This was not me" link: the app's page that asks to confirm the rescue. */
export function rescueLink(c: Context<ApiContext>, token: string): string {
  const url = new URL("/account-rescue", publicOrigin(c));
  url.searchParams.set("token", token);
  return url.href;
}

/**
 * To the old address, after the change: `member.email` is the old address, `newEmail` the new,
 * `rescueToken` the link that undoes it.
 */
export async function queueMailChangedNotice(
  c: Context<ApiContext>,
  member: MailMember,
  newEmail: string,
  rescueToken: string,
): Promise<void> {
  const mail = renderMailChangedNotice(c.var.site.settings, member, rescueLink(c, rescueToken), newEmail);
  await queueMail(c, { kind: "mail_changed", memberId: member.id, to: member.email, ...mail });
}

/** To the account's address, after a password change, with the link that undoes it. */
export async function queuePasswordChangedNotice(c: Context<ApiContext>, member: MailMember, rescueToken: string): Promise<void> {
  const mail = renderStandardMail("passwordChanged", c.var.site.settings, member, rescueLink(c, rescueToken));
  await queueMail(c, { kind: "password_changed", memberId: member.id, to: member.email, ...mail });
}

export function renderMailChangeMail(
  settings: StoredSettings,
  member: Pick<MailMember, "name" | "language" | "email">,
  link: string,
): RenderedMail & { locale: Locale } {
  return renderStandardMail("mailChange", settings, member, link, { email: member.email });
}

export function renderMailChangedNotice(
  settings: StoredSettings,
  member: Pick<MailMember, "name" | "language">,
  link: string,
  newEmail: string,
): RenderedMail & { locale: Locale } {
  return renderStandardMail("mailChanged", settings, member, link, { email: newEmail });
}
