/**
 * Field schemas several forms share (login, sign-up, password reset and change), so each rule
 * and its message is written once. A missing field gets the same message as an empty one
 * (v.optional with "" as the default).
 */
import * as v from "valibot";
import { EMAIL_MAX, NEW_PASSWORD_MIN, PASSWORD_MAX } from "../../../contract/limits";

export const tooLong = (max: number) => `validation.tooLong|{"max":${max}}`;

export const emailField = v.pipe(
  v.optional(v.string("validation.required"), ""),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.maxLength(EMAIL_MAX, tooLong(EMAIL_MAX)),
  v.email("validation.email"),
);

/** A password as typed to log in or sign up (docs/product.md §5: required, no other bound). */
export const passwordField = v.pipe(
  v.optional(v.string("validation.required"), ""),
  v.nonEmpty("validation.required"),
  v.maxLength(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
);

/** New passwords (reset, change): at least this long. Sign-up's own rule is the spec's (non-empty). */

export const newPasswordField = v.pipe(
  passwordField,
  v.check((value) => value.trim().length >= NEW_PASSWORD_MIN, `validation.tooShort|{"min":${NEW_PASSWORD_MIN}}`),
);

/** The "again" field of a new password says the same (forward the check to `repeat`). */
export const samePasswords = (input: { password: string; repeat: string }) => input.password === input.repeat;
export const PASSWORDS_DIFFER = "errors.passwords_differ";

/** The message for the API's 429: wait this many minutes (at least one). */
export function rateLimited(retryAfterSeconds: number | undefined): string {
  return `errors.rate_limited|${JSON.stringify({ minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60)) })}`;
}
