/**
 * The hosts' workplace forms (app/routes/staff/host-*.tsx; ADR 045): run in the browser and
 * again in the actions; the API checks again. Whether a reply carries contact details, a link or a
 * proposal to meet (contract/rules/host-reply.ts) is checked by the action and the API only: its
 * link finder (linkifyjs) would take the console's pages over the 130 KB script budget.
 */
import * as v from "valibot";
import { HOST_NOTES_MAX } from "../../../contract/rules/hosts";
import { MESSAGE_MAX } from "../../../contract/limits";
import { tooLong } from "./fields";

/** A textarea posts line breaks as CRLF but counts them as one character: so do we. */
const text = (max: number) =>
  v.pipe(
    v.optional(v.fallback(v.string(), ""), ""),
    v.transform((value: string) => value.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.maxLength(max, tooLong(max)),
  );

export const HostReplySchema = v.object({
  text: v.pipe(text(MESSAGE_MAX), v.nonEmpty("hosts.errors.required")),
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
});

export const HostNotesSchema = v.object({
  about: v.picklist(["profile", "member"]),
  text: text(HOST_NOTES_MAX),
  version: v.pipe(v.string(), v.regex(/^\d{1,15}$/)),
});
