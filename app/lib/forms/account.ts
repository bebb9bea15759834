/** The account forms of /profile (browser and action; the API checks again): email change, deletion. */
import * as v from "valibot";
import { emailField, passwordField } from "./fields";

/** A new address, proven by the current password; keepEmail: a did-you-mean seen and declined. */
export const MailChangeSchema = v.object({
  email: emailField,
  password: passwordField,
  keepEmail: v.optional(v.string()),
});

/** Deleting the account asks for the password once more. */
export const DeleteAccountSchema = v.object({ password: passwordField });
