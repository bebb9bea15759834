/**
 * The activation mail (issue 3): translated, site-branded, HTML and text, with a link to
 * GET /api/activate.php?token=… on the host the member signed up on. Browsers reach /api/* on
 * the app's own origin through its passthrough, so the link is the app's address.
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../app/lib/api/schemas";
import { createTranslator, type MessageKey, type Translator, type Values } from "../../../app/lib/i18n-react";
import { isLocale, type Locale } from "../../../app/lib/i18n";
import { messages } from "../../../app/locales";
import type { ApiContext } from "../context";
import { hostOf, isLoopbackHost } from "../lib/site";
import { signingSecret, signToken, verifyToken } from "../lib/tokens";
import { queueMail } from "./outbox";
import { renderMail, type RenderedMail } from "./template";

export interface MailMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

/** How long an activation link works. */
export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Writes the activation mail to the outbox and delivers it through the configured adapter after
 * the answer has gone (c.executionCtx.waitUntil), so sign-up does not wait for the mail service.
 * Call it again after a not-yet-confirmed member changes the address: links in earlier mails
 * stop working, since a token names the address it was sent to.
 */
export async function queueActivationMail(c: Context<ApiContext>, member: MailMember): Promise<void> {
  const link = await activationLink(c, member);
  const mail = renderActivationMail(c.var.site.settings, member, link);
  await queueMail(c, { kind: "activation", memberId: member.id, to: member.email, ...mail });
}

/** The mail itself, pure: for the outbox and for tests. */
export function renderActivationMail(
  settings: StoredSettings,
  member: Pick<MailMember, "name" | "language">,
  link: string,
): RenderedMail & { locale: Locale } {
  const { locale, t } = mailTranslator(member.language, settings.domain_language);
  const site = settings.name;
  const mail = renderMail(settings, {
    locale,
    subject: t("mail.activation.subject", { site }),
    preheader: t("mail.activation.preheader", { site }),
    greeting: t("mail.activation.greeting", { name: member.name }),
    intro: [t("mail.activation.intro", { site })],
    button: { label: t("mail.activation.button"), url: link },
    linkIntro: t("mail.activation.linkIntro"),
    outro: [t("mail.activation.validity"), t("mail.activation.ignore")],
    signature: t("mail.activation.signature", { site }),
    reason: t("mail.activation.reason", { site }),
  });
  return { ...mail, locale };
}

/**
 * The member's language if its messages have the mail, else the site's language, else English;
 * a key missing in a partial translation falls back to English on its own.
 */
export function mailTranslator(memberLanguage: string, siteLanguage: Locale): Pick<Translator, "locale" | "t"> {
  const english = createTranslator("en", messages.en);
  const locale =
    [memberLanguage, siteLanguage].filter(isLocale).find((l) => createTranslator(l, messages[l]).has("mail.activation.subject")) ??
    "en";
  const chosen = createTranslator(locale, messages[locale]);
  return {
    locale,
    t: (key: MessageKey, values?: Values) => {
      const text = chosen.t(key, values);
      return text === key ? english.t(key, values) : text;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The link and its token

/** First 16 hex characters of SHA-256 of the lowercased address: ties a link to one address. */
async function addressFingerprint(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase()));
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

const HOST_WITH_PORT = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

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

export async function activationToken(
  c: Context<ApiContext>,
  member: Pick<MailMember, "id" | "email">,
  now = Date.now(),
): Promise<string> {
  return signToken(
    signingSecret(c.env, c.var.local),
    "activation",
    { m: member.id, s: c.var.site.id, a: await addressFingerprint(member.email) },
    ACTIVATION_TTL_MS,
    now,
  );
}

export async function activationLink(c: Context<ApiContext>, member: Pick<MailMember, "id" | "email">): Promise<string> {
  const url = new URL("/api/activate.php", publicOrigin(c));
  url.searchParams.set("token", await activationToken(c, member));
  return url.href;
}

/**
 * The member an activation token names, if it is valid, unexpired, made for this site and still
 * matches the member's current address; null otherwise.
 */
export async function readActivationToken(
  c: Context<ApiContext>,
  token: unknown,
): Promise<{ memberId: number; fingerprint: string } | null> {
  const data = await verifyToken(signingSecret(c.env, c.var.local), "activation", token);
  if (!data) return null;
  const { m, s, a } = data;
  if (typeof m !== "number" || typeof s !== "number" || typeof a !== "string" || s !== c.var.site.id) return null;
  return { memberId: m, fingerprint: a };
}

export async function matchesAddress(fingerprint: string, email: string | null): Promise<boolean> {
  return email !== null && (await addressFingerprint(email)) === fingerprint;
}
