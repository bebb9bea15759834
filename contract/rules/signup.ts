/**
 * Sign-up's field rules (docs/product.md §5, §9), shared by the browser (Valibot through Conform), the
 * app's actions and the reference API (Zod), so the three places agree on every limit.
 */
import { MAX_AGE, MIN_AGE, NAME_MAX } from "../limits";
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS, type NAME_CHARACTERS, nameCharacterProblem } from "./identity";

/** The message key of a name that breaks a rule the generic checks do not cover, or null. */
export function nameRuleError(name: string, email: string): "name_starts_with_at" | "name_equal_to_email" | null {
  const trimmed = name.trim();
  if (trimmed.startsWith("@")) return "name_starts_with_at";
  if (email !== "" && trimmed.toLowerCase() === email.trim().toLowerCase()) return "name_equal_to_email";
  return null;
}

export type NameProblem =
  | "required"
  | "too_big"
  | typeof INVISIBLE_CHARACTERS
  | typeof NAME_CHARACTERS
  | "name_starts_with_at"
  | "name_equal_to_email";

/**
 * What is wrong with a member's name (sign-up step 0, /profile; docs/product.md §5), as the
 * API's field code, or null. The name is required: it is never made from the address, which
 * would show part of it to everyone (issue 16). Checked in NFC after trimming; the first rule
 * broken. Control, bidi-override and zero-width characters are refused, and so are look-alike,
 * compatibility and mixed-script letters by UTS #39 (contract/rules/identity.ts).
 */
export function nameProblem(name: string | undefined, email: string): NameProblem | null {
  const trimmed = (name ?? "").normalize("NFC").trim();
  if (trimmed === "") return "required";
  if (trimmed.length > NAME_MAX) return "too_big";
  if (hasInvisibleCharacters(trimmed)) return INVISIBLE_CHARACTERS;
  // "@anna" is its own rule's message, before the character rule (which refuses "@" too).
  const rule = nameRuleError(trimmed, email);
  if (rule) return rule;
  return nameCharacterProblem(trimmed);
}

/** Whole years from a YYYY-MM-DD date to `now`, in UTC. */
export function ageOn(isoDate: string, now: Date): number {
  const [y = 0, m = 0, d = 0] = isoDate.split("-").map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/**
 * A date of birth as YYYY-MM-DD when its parts make a real calendar date with no zero parts and
 * an age from MIN_AGE to MAX_AGE; otherwise null (message date_of_birth_error with min_age).
 */
export function dateOfBirth(year: number, month: number, day: number, now = new Date()): string | null {
  if (![year, month, day].every((n) => Number.isInteger(n) && n > 0)) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const iso = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const age = ageOn(iso, now);
  return age >= MIN_AGE && age <= MAX_AGE ? iso : null;
}

/** The same check for a YYYY-MM-DD string. */
export function isValidDateOfBirth(iso: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match !== null && dateOfBirth(Number(match[1]), Number(match[2]), Number(match[3]), now) === iso;
}

/**
 * The member's mail provider (designed codes): 2 = Gmail, the webmail whose search step 7 links
 * to; 1 = Microsoft (Outlook, Hotmail, Live); 0 = any other.
 */
export function mailproviderOf(email: string): 0 | 1 | 2 {
  const domain = email.split("@")[1]?.toLowerCase() ?? "";
  if (domain === "gmail.com" || domain === "googlemail.com") return 2;
  if (/^(outlook|hotmail|live|msn)\.[a-z.]+$/.test(domain)) return 1;
  return 0;
}

/** The email check is skipped while the address lacks '@' or '.' (docs/product.md §5). */
export function isWorthChecking(email: string): boolean {
  return email.includes("@") && email.includes(".");
}

/** How a form words the email check's refusal of an address (docs/product.md §4 statuses, §8 keys); null when it may be used. */
export type EmailStatusError = "invalid_email" | "existing_account_active" | "deleted_account_exists";
export function emailStatusError(status: string): EmailStatusError | null {
  if (status === "new") return null;
  if (status === "active" || status === "not_confirmed") return "existing_account_active";
  if (status === "deleted") return "deleted_account_exists";
  return "invalid_email";
}
