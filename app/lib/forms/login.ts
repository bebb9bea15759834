/** The login form's schema: runs in the browser (lib/forms/use-form.ts) and again in the action. */
import * as v from "valibot";
import { emailField, passwordField } from "./fields";

export const LoginSchema = v.object({
  email: emailField,
  password: passwordField,
  redirectTo: v.optional(v.string()),
});
