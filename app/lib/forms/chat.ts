/** The chat composer's schema (browser and action; the API checks again). */
import * as v from "valibot";
import { MESSAGE_MAX } from "../../../contract/limits";
import { tooLong } from "./fields";

export const MessageSchema = v.object({
  // A textarea posts line breaks as CRLF, but counts them as one character: so do we.
  text: v.pipe(
    v.optional(v.string("errors.message_required"), ""),
    v.transform((text) => text.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.nonEmpty("errors.message_required"),
    v.maxLength(MESSAGE_MAX, tooLong(MESSAGE_MAX)),
  ),
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  /** "Send anyway" after "Are you sure?" (ADR 057). */
  confirm: v.optional(v.picklist(["1"])),
});
