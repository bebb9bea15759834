/**
 * The staff console's form schemas (app/routes/staff; ADR 029): run in the browser (use-form.ts)
 * and again in the actions; the API checks again. Messages are the console's own message keys
 * (staff.errors.*), with their values after a "|" like every form's (reply.ts).
 */
import * as v from "valibot";
import { EMAIL_MAX } from "../../../contract/limits";
import {
  APPEAL_OUTCOMES,
  BAN_CATEGORIES,
  REASON_MAX,
  REASON_MIN,
  STAFF_ACTIONS,
  type StaffAction,
} from "../../../contract/rules/staff";
import { passwordField, tooLong } from "./fields";

/** A field as text, "" when empty or missing (see forms/safety.ts). */
const str = v.optional(v.fallback(v.string(), ""), "");

const CHOOSE_ONE = "staff.errors.required";

export const StaffLoginSchema = v.object({
  email: v.pipe(str, v.trim(), v.nonEmpty("validation.noEmail"), v.maxLength(EMAIL_MAX, tooLong(EMAIL_MAX))),
  password: passwordField,
});

/** The six digits of the authenticator app; spaces (as apps show them, "123 456") are left out. */
export const StaffCodeSchema = v.object({
  code: v.pipe(
    str,
    v.transform((value: string) => value.replace(/\s/g, "")),
    v.regex(/^\d{6}$/, "staff.errors.code"),
  ),
});

const REASON_BOUNDS = `staff.errors.reason|${JSON.stringify({ min: REASON_MIN, max: REASON_MAX })}`;

/** The statement of reasons the member is sent: as a textarea counts it (CRLF is one line break), trimmed. */
export const reasonField = v.pipe(
  str,
  v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
  v.trim(),
  v.minLength(REASON_MIN, REASON_BOUNDS),
  v.maxLength(REASON_MAX, REASON_BOUNDS),
);

const isPhotoId = (text: string) => Number.isInteger(Number(text)) && Number(text) > 0;

/**
 * A decision about a case or a member, among the actions the page offers (`allowed`): a ban
 * needs its confirmation, a photo's removal names the photo.
 */
export function staffDecisionSchema(allowed: readonly StaffAction[]) {
  return v.pipe(
    v.object({
      action: v.pipe(
        str,
        v.picklist(
          STAFF_ACTIONS.filter((a) => allowed.includes(a)),
          CHOOSE_ONE,
        ),
      ),
      category: v.pipe(str, v.picklist(BAN_CATEGORIES, CHOOSE_ONE)),
      reason: reasonField,
      image: str,
      confirm_ban: str,
    }),
    v.forward(
      v.partialCheck(
        [["action"], ["confirm_ban"]],
        (input) => input.action !== "ban" || input.confirm_ban === "1",
        "staff.errors.confirmBan",
      ),
      ["confirm_ban"],
    ),
    v.forward(
      v.partialCheck([["action"], ["image"]], (input) => input.action !== "remove_photo" || isPhotoId(input.image), CHOOSE_ONE),
      ["image"],
    ),
  );
}

/** An appeal decided: the outcome and the statement of reasons. */
export const StaffAppealSchema = v.object({
  outcome: v.pipe(str, v.picklist(APPEAL_OUTCOMES, CHOOSE_ONE)),
  reason: reasonField,
});
