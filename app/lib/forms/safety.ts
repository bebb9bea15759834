/** The report and notice forms' schemas (browser and action; the API checks again). */
import * as v from "valibot";
import { EMAIL_MAX, EXPLANATION_MAX, NAME_MAX, SUBJECT_URL_MAX } from "../../../contract/limits";
import {
  ANONYMOUS_NOTICE_CATEGORY,
  NOTICE_CATEGORIES,
  NOTICE_SUBJECTS,
  REPORT_CATEGORIES,
} from "../../../contract/rules/moderation";
import { tooLong } from "./fields";

/**
 * A field as text, "" when empty or missing (an unchecked box is not posted). The fallback
 * inside: the action's parser (Conform) turns an empty field into a missing one past an
 * optional's default, which then fails as "not a string" (see password.ts).
 */
const str = v.optional(v.fallback(v.string(), ""), "");

/** One of a fixed list, from a select or radio buttons: nothing chosen, or anything else, says what to choose (`message`). */
const oneOf = <const T extends readonly [string, ...string[]]>(list: T, message: string) =>
  v.pipe(str, v.nonEmpty(message), v.picklist(list, message));

/** Free text as a textarea counts it: CRLF is one line break; trimmed. */
const text = v.pipe(
  str,
  v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
  v.trim(),
  v.maxLength(EXPLANATION_MAX, tooLong(EXPLANATION_MAX)),
);

export const ReportSchema = v.object({
  category: oneOf(REPORT_CATEGORIES, "validation.noReason"),
  explanation: text,
});

const optionalText = (max: number) => v.pipe(str, v.trim(), v.maxLength(max, tooLong(max)));

export const NoticeSchema = v.pipe(
  v.object({
    subject_kind: oneOf(NOTICE_SUBJECTS, "validation.noSubjectKind"),
    subject: v.pipe(str, v.trim(), v.nonEmpty("validation.noSubject"), v.maxLength(SUBJECT_URL_MAX, tooLong(SUBJECT_URL_MAX))),
    category: oneOf(NOTICE_CATEGORIES, "validation.noReason"),
    explanation: v.pipe(text, v.nonEmpty("validation.noExplanation")),
    name: optionalText(NAME_MAX),
    email: v.pipe(
      optionalText(EMAIL_MAX),
      v.check((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), "validation.email"),
    ),
    good_faith: v.pipe(
      str,
      v.check((value) => value === "on", "errors.good_faith_required"),
    ),
  }),
  // Name and address may be left out only for child sexual abuse material (DSA art. 16(2)(c)).
  v.forward(
    v.check((input) => input.category === ANONYMOUS_NOTICE_CATEGORY || input.name !== "", "validation.noName"),
    ["name"],
  ),
  v.forward(
    v.check((input) => input.category === ANONYMOUS_NOTICE_CATEGORY || input.email !== "", "validation.noEmail"),
    ["email"],
  ),
);
