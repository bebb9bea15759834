/** The password-reset forms' schemas (browser and action; the API checks again). */
import * as v from "valibot";
import { EMAIL_MAX, PASSWORD_MAX } from "../signup/rules";

/** New passwords (reset, later change): at least this long. Sign-up's own rule is the spec's (non-empty). */
export const NEW_PASSWORD_MIN = 8;

export const ResetRequestSchema = v.object({
  email: v.pipe(
    v.optional(v.string("validation.required"), ""),
    v.trim(),
    v.nonEmpty("validation.required"),
    v.maxLength(EMAIL_MAX, `validation.tooLong|{"max":${EMAIL_MAX}}`),
    v.email("validation.email"),
  ),
});

export const NewPasswordSchema = v.pipe(
  v.object({
    token: v.pipe(v.optional(v.string(), ""), v.nonEmpty("errors.token_invalid")),
    password: v.pipe(
      v.optional(v.string("validation.required"), ""),
      v.nonEmpty("validation.required"),
      v.check((value) => value.trim().length >= NEW_PASSWORD_MIN, `validation.tooShort|{"min":${NEW_PASSWORD_MIN}}`),
      v.maxLength(PASSWORD_MAX, `validation.tooLong|{"max":${PASSWORD_MAX}}`),
    ),
    repeat: v.optional(v.string(), ""),
  }),
  v.forward(
    v.check((input) => input.password === input.repeat, "errors.passwords_differ"),
    ["repeat"],
  ),
);

/** /profile: a new password needs the current one. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    current: v.pipe(v.optional(v.string("validation.required"), ""), v.nonEmpty("validation.required")),
    password: v.pipe(
      v.optional(v.string("validation.required"), ""),
      v.nonEmpty("validation.required"),
      v.check((value) => value.trim().length >= NEW_PASSWORD_MIN, `validation.tooShort|{"min":${NEW_PASSWORD_MIN}}`),
      v.maxLength(PASSWORD_MAX, `validation.tooLong|{"max":${PASSWORD_MAX}}`),
    ),
    repeat: v.optional(v.string(), ""),
  }),
  v.forward(
    v.check((input) => input.password === input.repeat, "errors.passwords_differ"),
    ["repeat"],
  ),
);
