/**
 * What every member mail shares (activation, password reset, …): the member it goes to, the
 * language it is written in, the origin its links point at, and the standard layout filled
 * from one "mail.<kind>" subtree of app/locales.
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../contract/schemas";
import { createTranslator, type MessageKey, type Translator, type Values } from "../../../contract/translator";
import { isLocale, type Locale } from "../../../contract/locales";
import { messages } from "../../../contract/messages";
import type { ApiContext } from "../context";
import { hostOf, isLoopbackHost } from "../lib/site";
import { renderMail, type RenderedMail } from "./template";

/** Who a commerce mail goes to: the member's row as the mails read it (a deleted one has no address). */
export interface MailRecipient {
  id: number;
  email: string | null;
  name: string;
  language: string;
  timezone: string | null;
}

export interface MailMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

/** The mails written with the standard keys: mail.<kind>.subject, .preheader, … */
export type StandardMailKind = "activation" | "reset" | "mailChange" | "mailChanged" | "passwordChanged" | "premiumCancelConfirm";

/**
 * The member's language if its messages have this mail (its subject, `probe`), else the site's
 * language, else English; a key missing in a partial translation falls back to English on its own.
 */
export function mailTranslator(
  memberLanguage: string,
  siteLanguage: Locale,
  probe: MessageKey = "mail.activation.subject",
): Pick<Translator, "locale" | "t"> {
  const english = createTranslator("en", messages.en);
  const locale = [memberLanguage, siteLanguage].filter(isLocale).find((l) => createTranslator(l, messages[l]).has(probe)) ?? "en";
  const chosen = createTranslator(locale, messages[locale]);
  return {
    locale,
    t: (key: MessageKey, values?: Values) => {
      const text = chosen.t(key, values);
      return text === key ? english.t(key, values) : text;
    },
  };
}

/**
 * A mail in the standard shape: greeting, one intro paragraph, the button with its link, the
 * validity and "ignore this" paragraphs, signature and reason; texts from "mail.<kind>".
 */
export function renderStandardMail(
  kind: StandardMailKind,
  settings: StoredSettings,
  member: Pick<MailMember, "name" | "language">,
  link: string,
  /** More values for the texts, besides {site} and {name} (the new address, say). */
  values: Values = {},
): RenderedMail & { locale: Locale } {
  const { locale, t } = mailTranslator(member.language, settings.domain_language, `mail.${kind}.subject`);
  const site = settings.name;
  const mail = renderMail(settings, {
    locale,
    subject: t(`mail.${kind}.subject`, { ...values, site }),
    preheader: t(`mail.${kind}.preheader`, { ...values, site }),
    greeting: t(`mail.${kind}.greeting`, { name: member.name }),
    intro: [t(`mail.${kind}.intro`, { ...values, site })],
    button: { label: t(`mail.${kind}.button`), url: link },
    linkIntro: t(`mail.${kind}.linkIntro`),
    outro: [t(`mail.${kind}.validity`), t(`mail.${kind}.ignore`, { ...values, site, support: settings.support_email })],
    signature: t(`mail.${kind}.signature`, { site }),
    reason: t(`mail.${kind}.reason`, { site }),
  });
  return { ...mail, locale };
}

const HOST_WITH_PORT =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * scheme://host[:port] the member used: x-original-host (with its port) and x-forwarded-proto
 * as the app sends them. When the host is not this site's own (an unknown host answered by the
 * default site) the link goes to the site's configured domain over https instead, so a forged
 * header cannot put another host in the site's mail.
 */
export function publicOrigin(c: Context<ApiContext>): string {
  const header = (c.req.header("x-original-host") ?? c.req.header("host") ?? "").trim().toLowerCase();
  const host = hostOf(header);
  const ownHost = HOST_WITH_PORT.test(header) && (host === c.var.site.host || isLoopbackHost(host));
  if (!ownHost) return `https://${c.var.site.settings.domain}`;
  const forwarded = c.req.header("x-forwarded-proto")?.trim().toLowerCase();
  const proto = forwarded === "http" || forwarded === "https" ? forwarded : new URL(c.req.url).protocol.replace(":", "");
  return `${proto === "http" ? "http" : "https"}://${header}`;
}
