/**
 * The did-you-mean suggestion of sign-up step 0 (docs/product.md §5): the mailcheck algorithm through
 * @zootools/email-spell-checker, with thresholds 2 for the domain, the second-level and the
 * top-level part, and "hotmail" as the only second-level domain.
 */
import { run } from "@zootools/email-spell-checker";

export function suggestEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed.includes("@")) return null;
  const suggestion = run({
    email: trimmed,
    domainThreshold: 2,
    secondLevelThreshold: 2,
    topLevelThreshold: 2,
    secondLevelDomains: ["hotmail"],
  });
  return suggestion && suggestion.full.toLowerCase() !== trimmed.toLowerCase() ? suggestion.full : null;
}
