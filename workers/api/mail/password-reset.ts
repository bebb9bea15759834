/**
 * The password reset mail (issue 4): translated, site-branded, HTML and text, with a link to the
 * app's /reset-password/do?token=… page on the host the member asked from (mail/common.ts).
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../contract/schemas";
import type { Locale } from "../../../contract/locales";
import type { ApiContext } from "../context";
import { publicOrigin, renderStandardMail, type MailMember } from "./common";
import { queueMail } from "./outbox";
import type { RenderedMail } from "./template";

/** The link in the mail: the app's page that asks for the new password. */
export function passwordResetLink(c: Context<ApiContext>, token: string): string {
  const url = new URL("/reset-password/do", publicOrigin(c));
  url.searchParams.set("token", token);
  return url.href;
}

/** Writes the mail to the outbox; delivery happens after the answer (mail/outbox.ts). */
export async function queuePasswordResetMail(c: Context<ApiContext>, member: MailMember, token: string): Promise<void> {
  const mail = renderPasswordResetMail(c.var.site.settings, member, passwordResetLink(c, token));
  await queueMail(c, { kind: "password_reset", memberId: member.id, to: member.email, ...mail });
}

/** The mail itself, pure: for the outbox and for tests. */
export function renderPasswordResetMail(
  settings: StoredSettings,
  member: Pick<MailMember, "name" | "language">,
  link: string,
): RenderedMail & { locale: Locale } {
  return renderStandardMail("reset", settings, member, link);
}
