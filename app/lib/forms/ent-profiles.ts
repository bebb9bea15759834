/**
 * The entertainment profile forms of the staff console (app/routes/staff/ent-profile*.tsx; ADR
 * 045): run in the browser and again in the action; the API checks again.
 */
import * as v from "valibot";
import { CITY_MAX, MIN_AGE, PERSONAL_MAX } from "../../../contract/limits";
import { LOCALES } from "../../../contract/locales";
import { isValidDateOfBirth } from "../../../contract/rules/signup";
import { nameField, tooLong } from "./fields";

const str = v.optional(v.fallback(v.string(), ""), "");
const text = (max: number) =>
  v.pipe(
    str,
    v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.maxLength(max, tooLong(max)),
  );
const CHOOSE_ONE = "staff.errors.required";

export const EntProfileSchema = v.object({
  site: v.pipe(str, v.regex(/^\d{1,15}$/, CHOOSE_ONE)),
  name: nameField,
  gender: v.pipe(str, v.picklist(["male", "female"], CHOOSE_ONE)),
  date_of_birth: v.pipe(
    str,
    v.check(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDateOfBirth(value),
      `errors.date_of_birth_error|{"min_age":${MIN_AGE}}`,
    ),
  ),
  country: v.pipe(str, v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, "entProfiles.errors.country")),
  city: v.pipe(str, v.trim(), v.nonEmpty("validation.noCity"), v.maxLength(CITY_MAX, tooLong(CITY_MAX))),
  language: v.pipe(str, v.picklist(LOCALES, CHOOSE_ONE)),
  about_me: text(PERSONAL_MAX),
  looking_for: text(PERSONAL_MAX),
  only_this_site: v.optional(v.picklist(["1"])),
});
export type EntProfileForm = v.InferOutput<typeof EntProfileSchema>;
