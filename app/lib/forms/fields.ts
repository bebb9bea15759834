/**
 * Field schemas several forms share (login, sign-up, password reset and change), so each rule
 * and its message is written once. A missing field gets the same message as an empty one
 * (v.optional with "" as the default; the action's parser makes an empty field a missing one,
 * which fails as "not a string"): both say what is needed ("Enter your email address.").
 */
import * as v from "valibot";
import { EMAIL_MAX, NAME_MAX, NEW_PASSWORD_MIN, PASSWORD_MAX } from "../../../contract/limits";
import { newPasswordProblem } from "../../../contract/rules/password";
import { hasInvisibleCharacters } from "../../../contract/rules/identity";
import { nameRuleError } from "../../../contract/rules/signup";

export const tooLong = (max: number) => `validation.tooLong|{"max":${max}}`;

/** Control, bidi-override and zero-width characters (contract/rules/identity.ts). */
export const INVISIBLE_MESSAGE = "errors.invisible_characters";
const visibleOnly = v.check((value: string) => !hasInvisibleCharacters(value), INVISIBLE_MESSAGE);
const nfc = v.transform((value: string) => value.normalize("NFC"));

export const emailField = v.pipe(
  v.optional(v.string("validation.noEmail"), ""),
  nfc,
  v.trim(),
  v.nonEmpty("validation.noEmail"),
  visibleOnly,
  v.maxLength(EMAIL_MAX, tooLong(EMAIL_MAX)),
  v.email("validation.email"),
);

/**
 * The member's name (sign-up step 0 and /profile): required, at most NAME_MAX characters after
 * trimming; nameRules add the rules that need the address. Together they are the contract's
 * nameProblem (contract/rules/signup.ts), which the API applies; a test holds them equal. All
 * but one: the look-alike and mixed-script rule (UTS #39, nameCharacterProblem) is left to the
 * API, whose answer shows beside the field like the browser's would. A real name never meets it,
 * and it weighs 0.8 KB compressed on pages at their 130 KB budget (docs/decisions/041).
 */
export const nameField = v.pipe(
  v.optional(v.string("validation.noName"), ""),
  nfc,
  v.trim(),
  v.nonEmpty("validation.noName"),
  v.maxLength(NAME_MAX, tooLong(NAME_MAX)),
  visibleOnly,
);

/**
 * The message of the name's rules that need the address (not starting with "@", not the
 * address itself), for a check on the whole form forwarded to `name`; "" when none is broken.
 */
export function nameRuleMessage(name: string, email: string): string {
  const problem = nameRuleError(name, email);
  return problem ? `errors.${problem}` : "";
}

/** A password as typed to log in or to confirm an action (docs/product.md §5: required, no other bound). */
export const passwordField = v.pipe(
  v.optional(v.string("validation.noPassword"), ""),
  v.nonEmpty("validation.noPassword"),
  v.maxLength(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
);

/**
 * A password the member chooses (sign-up, reset, change): the contract's one rule (8 to 1000
 * characters, not only spaces; contract/rules/password.ts), which the API applies too.
 */
export const TOO_SHORT_PASSWORD = `validation.tooShort|{"min":${NEW_PASSWORD_MIN}}`;
export const newPasswordField = v.pipe(
  passwordField,
  v.check((value) => newPasswordProblem(value) !== "too_small", TOO_SHORT_PASSWORD),
);

/** The "again" field of a new password says the same (forward the check to `repeat`). */
export const samePasswords = (input: { password: string; repeat: string }) => input.password === input.repeat;
export const PASSWORDS_DIFFER = "errors.passwords_differ";

/** The message for the API's 429: wait this many minutes (at least one). */
export function rateLimited(retryAfterSeconds: number | undefined): string {
  return `errors.rate_limited|${JSON.stringify({ minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) })}`;
}

/** What an empty field of the member's forms says: what is needed, not "required" (issue 29 point 22). */
const REQUIRED: Record<string, string> = {
  email: "validation.noEmail",
  name: "validation.noName",
  password: "validation.noPassword",
};

/**
 * The message for a field code the API answered (422 invalid_input's `fields`) for a field of
 * the member's own forms: the same words the form's schema would have used.
 */
export function apiFieldMessage(field: string, code: string): string {
  if (code === "required") return REQUIRED[field] ?? "validation.required";
  if (field === "password" && code === "too_small") return TOO_SHORT_PASSWORD;
  if (field === "name" && code === "too_big") return tooLong(NAME_MAX);
  if (field === "password" && code === "too_big") return tooLong(PASSWORD_MAX);
  return `errors.${code}`;
}
