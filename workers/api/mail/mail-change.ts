/**
 * The two mails of an email change (issue 4): the confirmation to the new address, with a link
 * to the app's /mail-change/do?token=… page, and the notice to the old address once the change
 * is made, with a link to /notifications#email-change-incorrect to report it.
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

/** To the old address, after the change: `member.email` is the old address, `newEmail` the new. */
export async function queueMailChangedNotice(c: Context<ApiContext>, member: MailMember, newEmail: string): Promise<void> {
  const link = new URL("/notifications#email-change-incorrect", publicOrigin(c)).href;
  const mail = renderMailChangedNotice(c.var.site.settings, member, link, newEmail);
  await queueMail(c, { kind: "mail_changed", memberId: member.id, to: member.email, ...mail });
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
