/** The login form's schema: runs in the browser (Conform) and again in the action. */
import * as v from "valibot";

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1000;

export const LoginSchema = v.object({
  // A missing field gets the same message as an empty one (v.optional with "" as the default).
  email: v.pipe(
    v.optional(v.string("validation.required"), ""),
    v.trim(),
    v.nonEmpty("validation.required"),
    v.maxLength(EMAIL_MAX, `validation.tooLong|{"max":${EMAIL_MAX}}`),
    v.email("validation.email"),
  ),
  password: v.pipe(
    v.optional(v.string("validation.required"), ""),
    v.nonEmpty("validation.required"),
    v.maxLength(PASSWORD_MAX, `validation.tooLong|{"max":${PASSWORD_MAX}}`),
  ),
  redirectTo: v.optional(v.string()),
});
