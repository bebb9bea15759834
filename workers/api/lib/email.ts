/**
 * The server's email check (GET /api/validate_email.php): normalises an address, corrects
 * domains that are certainly mistyped, and judges whether it can receive mail. The browser's
 * did-you-mean suggestion (mailcheck) only suggests; this corrects, and the app shows the result.
 */
import { EMAIL_MAX } from "../../../contract/limits";
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS, withoutInvisibleCharacters } from "../../../contract/rules/identity";
import { ApiError } from "./errors";

/** Misspellings of the biggest mail domains that are never real mail domains themselves. */
const CERTAIN_TYPOS: Record<string, string> = {
  "gmial.com": "gmail.com",
  "gmal.com": "gmail.com",
  "gmaill.com": "gmail.com",
  "gmail.con": "gmail.com",
  "gmail.cmo": "gmail.com",
  "gnail.com": "gmail.com",
  "hotmial.com": "hotmail.com",
  "hotmail.con": "hotmail.com",
  "hotmal.com": "hotmail.com",
  "outlok.com": "outlook.com",
  "outlook.con": "outlook.com",
  "yahooo.com": "yahoo.com",
  "yaho.com": "yahoo.com",
};

/** Domains that can never receive mail (RFC 2606 / 6761), besides a missing dot. */
const UNDELIVERABLE_TLDS = new Set(["invalid", "test", "localhost", "local"]);

/**
 * In NFC, without invisible characters (contract/rules/identity.ts: an address that differs from
 * a known one only by them is the same address), trimmed, lower-cased, and with a certain domain
 * typo corrected.
 */
export function normaliseEmail(email: string): string {
  const trimmed = withoutInvisibleCharacters(email).trim().replace(/\s+/g, "").toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  const domain = trimmed.slice(at + 1).replace(/\.+$/, "");
  return `${trimmed.slice(0, at)}@${CERTAIN_TYPOS[domain] ?? domain}`;
}

/** Mail domains that ignore dots in the local part and deliver to one mailbox under both names. */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * The person behind an address, for bans (docs/product.md "Bans across sites"): the address
 * normalised as above, then without a "+tag" (sub-addressing, which every big provider delivers to
 * the same mailbox) and, at Gmail, without the dots it ignores. Only for matching: accounts keep
 * and are mailed at their normalised address.
 */
export function emailIdentity(email: string): string {
  const normalised = normaliseEmail(email);
  const at = normalised.lastIndexOf("@");
  if (at <= 0) return normalised;
  let local = normalised.slice(0, at);
  let domain = normalised.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll(".", "");
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** Whether a (normalised) address is well-formed and its domain could receive mail. */
export function isDeliverable(email: string): boolean {
  if (email.length > EMAIL_MAX) return false;
  const match = /^([^\s@"(),:;<>[\]\\]+)@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]+))$/.exec(email);
  if (!match) return false;
  const [, local = "", , tld = ""] = match;
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  return !UNDELIVERABLE_TLDS.has(tld);
}

/**
 * Refuses an address as typed that holds control, bidi-override or zero-width characters
 * (contract/rules/identity.ts): 422 with the field code invisible_characters.
 */
export function assertVisibleEmail(email: string): void {
  if (hasInvisibleCharacters(email.trim())) {
    throw new ApiError(422, "invalid_input", "The address holds invisible or control characters.", {
      fields: { email: INVISIBLE_CHARACTERS },
    });
  }
}
