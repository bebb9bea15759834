/** The account forms of /profile (browser and action; the API checks again): name, email change, deletion. */
import * as v from "valibot";
import { emailField, nameField, nameRuleMessage, passwordField } from "./fields";

/** A new address, proven by the current password; keepEmail: a did-you-mean seen and declined. */
export const MailChangeSchema = v.object({
  email: emailField,
  password: passwordField,
  keepEmail: v.optional(v.string()),
});

/** Deleting the account asks for the password once more. */
export const DeleteAccountSchema = v.object({ password: passwordField });

/**
 * The member's name on /profile: the sign-up's rule (issue 16), the address being the member's
 * own (the form has no address field). The API checks again with the contract's nameProblem.
 */
export function profileNameSchema(email: string) {
  return v.pipe(
    v.object({ name: nameField }),
    v.forward(
      v.check(
        (input) => nameRuleMessage(input.name, email) === "",
        (issue) => nameRuleMessage(issue.input.name, email),
      ),
      ["name"],
    ),
  );
}
