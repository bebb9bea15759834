/** The password forms' schemas: reset by mail, and change on /profile (browser and action; the API checks again). */
import * as v from "valibot";
import { emailField, newPasswordField, PASSWORDS_DIFFER, samePasswords } from "./fields";

/**
 * The new password again. A fallback rather than an optional with a default: the action's
 * parser (Conform) turns an empty field into a missing one past the default, which then failed
 * as "not a string" (an untranslated message) while the browser said nothing.
 */
const repeatField = v.fallback(v.string(), "");

export const ResetRequestSchema = v.object({ email: emailField });

export const NewPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.optional(v.string(), ""), v.nonEmpty("errors.token_invalid")),
    password: newPasswordField,
    repeat: repeatField,
  }),
  v.forward(
    v.check((input) => samePasswords(input), PASSWORDS_DIFFER),
    ["repeat"],
  ),
);

/** /profile: a new password needs the current one. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    current: v.pipe(v.optional(v.string("validation.noCurrentPassword"), ""), v.nonEmpty("validation.noCurrentPassword")),
    password: newPasswordField,
    repeat: repeatField,
  }),
  v.forward(
    v.check((input) => samePasswords(input), PASSWORDS_DIFFER),
    ["repeat"],
  ),
);
