/** The password forms' schemas: reset by mail, and change on /profile (browser and action; the API checks again). */
import * as v from "valibot";
import { emailField, newPasswordField, PASSWORDS_DIFFER, samePasswords } from "./fields";

export const ResetRequestSchema = v.object({ email: emailField });

export const NewPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.optional(v.string(), ""), v.nonEmpty("errors.token_invalid")),
    password: newPasswordField,
    repeat: v.optional(v.string(), ""),
  }),
  v.forward(
    v.check((input) => samePasswords(input), PASSWORDS_DIFFER),
    ["repeat"],
  ),
);

/** /profile: a new password needs the current one. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    current: v.pipe(v.optional(v.string("validation.required"), ""), v.nonEmpty("validation.required")),
    password: newPasswordField,
    repeat: v.optional(v.string(), ""),
  }),
  v.forward(
    v.check((input) => samePasswords(input), PASSWORDS_DIFFER),
    ["repeat"],
  ),
);
