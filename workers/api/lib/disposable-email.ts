/**
 * Throwaway ("disposable") mail domains, refused at sign-up and at every change of address
 * (issue 30 point 3; docs/product.md "Limits that scale with trust", docs/decisions/056): an
 * address that lives ten minutes lets a banned or spamming person come back at will.
 *
 * The list is the package disposable-email-domains-js (CC0), which republishes the community list
 * github.com/disposable-email-domains/disposable-email-domains: a plain JSON array of lower-case
 * domains, imported here and only here, so it is bundled into the API worker and never into the
 * app. Updates arrive as dependency updates of the package (ADR 056).
 */
import domains from "disposable-email-domains-js/dist/dict/disposable_email_blocklist.json";
import { ApiError } from "./errors";

const DISPOSABLE = new Set<string>(domains);

/**
 * Whether a (normalised, so lower-case) address is at a throwaway domain or under one: a listed
 * domain's subdomains (x.mailinator.com) are the same service's.
 */
export function isDisposableEmail(email: string): boolean {
  const domain = email
    .slice(email.lastIndexOf("@") + 1)
    .toLowerCase()
    .replace(/\.+$/, "");
  const labels = domain.split(".");
  // Every parent down to two labels: x.y.mailinator.com, y.mailinator.com, mailinator.com.
  for (let start = 0; start <= labels.length - 2; start++) {
    if (DISPOSABLE.has(labels.slice(start).join("."))) return true;
  }
  return false;
}

/** 422 email_disposable beside the field email. */
export function assertNotDisposable(email: string): void {
  if (isDisposableEmail(email)) {
    throw new ApiError(422, "email_disposable", "Addresses of throwaway mail services cannot be used here.", {
      fields: { email: "email_disposable" },
    });
  }
}
