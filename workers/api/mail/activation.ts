/**
 * The activation mail (issue 3): translated, site-branded, HTML and text, with a link to
 * GET /api/activate.php?token=… on the host the member signed up on. Browsers reach /api/* on
 * the app's own origin through its passthrough, so the link is the app's address.
 */
import type { Context } from "hono";
import type { StoredSettings } from "../../../contract/schemas";
import type { Locale } from "../../../contract/locales";
import type { ApiContext } from "../context";
import { signingSecret, signToken, verifyToken } from "../lib/tokens";
import { publicOrigin, renderStandardMail, type MailMember } from "./common";
import { queueMail } from "./outbox";
import type { RenderedMail } from "./template";
import { normaliseEmail } from "../lib/email";
import { sha256Hex } from "../lib/sha256";

// Shared with the other member mails (mail/common.ts); exported here as before.
export { mailTranslator, publicOrigin, type MailMember } from "./common";

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
  return renderStandardMail("activation", settings, member, link);
}

// ---------------------------------------------------------------------------------------------
// The link and its token

/** First 16 hex characters of SHA-256 of the normalised address: ties a link to one address. */
async function addressFingerprint(email: string): Promise<string> {
  return (await sha256Hex(normaliseEmail(email))).slice(0, 16);
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
