/**
 * The sign-up forms' schemas (docs/product.md §5): they run in the browser (Conform) and again in the
 * action; the API checks once more. Errors are message keys (translated by Field/ErrorList).
 */
import * as v from "valibot";
import { CITY_MAX, MIN_AGE, PERSONAL_MAX } from "../../../contract/limits";
import { INTERESTED_IN } from "../../../contract/rules/genders";
import { dateOfBirth } from "../../../contract/rules/signup";
import { emailField as email, nameField, nameRuleMessage, newPasswordField, tooLong } from "./fields";
export const DATE_OF_BIRTH_ERROR = `errors.date_of_birth_error|{"min_age":${MIN_AGE}}`;

/** Step 0: the account. The name is required (never made from the address: issue 16). */
export const AccountSchema = v.pipe(
  v.object({
    email,
    name: nameField,
    password: newPasswordField,
    csrf: v.optional(v.string()),
    timezone: v.optional(v.pipe(v.string(), v.maxLength(64))),
    /** The address the member saw a did-you-mean suggestion for and kept. */
    keepEmail: v.optional(v.string()),
  }),
  v.forward(
    v.check(
      (input) => nameRuleMessage(input.name, input.email) === "",
      (issue) => nameRuleMessage(issue.input.name, issue.input.email),
    ),
    ["name"],
  ),
);

/** Step 3: where the member lives. Saving needs a country (docs/product.md §5). */
export const LocationSchema = v.object({
  country: v.pipe(v.optional(v.string("errors.countryRequired"), ""), v.regex(/^[A-Z]{2}$/, "errors.countryRequired")),
  countryregion: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))),
  city: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CITY_MAX, tooLong(CITY_MAX)))),
});

const DATE_PART = /^\d{1,4}$/;
const datePart = v.optional(v.pipe(v.string(), v.regex(DATE_PART, DATE_OF_BIRTH_ERROR)));

/** Step 4: gender, whom the member is interested in, date of birth (three selects, so every part can be checked) and select fields. */
export const PersonalInfoSchema = v.pipe(
  v.object({
    gender: v.optional(v.picklist(["male", "female"])),
    /** Whom the member is interested in: the gender their search starts with (issue 16). */
    interested_in: v.optional(v.picklist(INTERESTED_IN)),
    dobDay: datePart,
    dobMonth: datePart,
    dobYear: datePart,
    fields: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(100)))),
  }),
  v.forward(
    v.check((input) => {
      const parts = [input.dobYear, input.dobMonth, input.dobDay];
      if (parts.every((p) => p === undefined)) return true;
      // A part that is not a number has its own message already: one message is enough.
      if (parts.some((p) => p !== undefined && !DATE_PART.test(p))) return true;
      return dateOfBirth(Number(input.dobYear ?? 0), Number(input.dobMonth ?? 0), Number(input.dobDay ?? 0)) !== null;
    }, DATE_OF_BIRTH_ERROR),
    ["dobDay"],
  ),
);

/** The date of birth of a valid step-4 submission, or null when none was given. */
export function submittedDateOfBirth(input: v.InferOutput<typeof PersonalInfoSchema>): string | null {
  if (input.dobYear === undefined && input.dobMonth === undefined && input.dobDay === undefined) return null;
  return dateOfBirth(Number(input.dobYear ?? 0), Number(input.dobMonth ?? 0), Number(input.dobDay ?? 0));
}

/** Step 5: the about-me texts and interests. */
export const AboutSchema = v.object({
  personal: v.optional(v.record(v.string(), v.pipe(v.string(), v.trim(), v.maxLength(PERSONAL_MAX, tooLong(PERSONAL_MAX))))),
  interests: v.optional(v.array(v.pipe(v.string(), v.maxLength(40)))),
});

/** Step 7: a member who mistyped the address corrects it before confirming (a new mail goes out). */
export const ChangeEmailSchema = v.object({ email });
