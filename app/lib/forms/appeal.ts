/** The appeal form's schema (browser and action; the API checks again; ADR 030). */
import * as v from "valibot";
import { APPEAL_MAX } from "../../../contract/limits";
import { tooLong } from "./fields";

/** A field as text, "" when empty or missing (see forms/safety.ts). */
const str = v.optional(v.fallback(v.string(), ""), "");

export const AppealSchema = v.object({
  /** Why the decision is wrong: as a textarea counts it (CRLF is one line break), trimmed. */
  text: v.pipe(
    str,
    v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.nonEmpty("validation.noAppeal"),
    v.maxLength(APPEAL_MAX, tooLong(APPEAL_MAX)),
  ),
});
