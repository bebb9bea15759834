/**
 * The staff console's forms on the server (app/routes/staff): parsed with the same schemas as
 * in the browser (lib/forms/staff.ts), answered like every form (a FormReply: what was typed
 * and the errors by field, docs/decisions/014), with the staff pages' headers. The API's
 * refusals (decided meanwhile, another site's member) are the form's own message.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { StaffAction } from "../../contract/staff";
import type { ApiClient } from "./api/client.server";
import { staffDecide } from "./api/staff.server";
import { parseForm } from "./forms/parse.server";
import type { ApiFailure, Replyable } from "./forms/reply.server";
import type { FormReply } from "./forms/reply";
import { staffDecisionSchema } from "./forms/staff";
import { STAFF_HEADERS, savedRedirect } from "./staff.server";

/** API refusals with a message of their own (staff.errors.<code>); any other reads "that did not work". */
const OWN_MESSAGES = new Set([
  "already_decided",
  "already_banned",
  "not_banned",
  "other_site_member",
  "rate_limited",
  "invalid_credentials",
  "invalid_code",
]);

/** The message key of an API refusal. */
export function staffApiMessage(code: string): string {
  return OWN_MESSAGES.has(code) ? `staff.errors.${code}` : "staff.errors.generic";
}

/** The form again, with the errors and what was typed, and the status. */
export function staffFormReply(result: SubmissionResult<string[]>, status: number) {
  return data<FormReply>({ result }, { status, headers: STAFF_HEADERS });
}

/** An API refusal as the form's own message, with the API's status; `hideFields` are not sent back. */
export function staffApiReply(submission: Replyable, failure: ApiFailure, hideFields?: string[]) {
  return staffFormReply(submission.reply({ formErrors: [staffApiMessage(failure.error.error)], hideFields }), failure.status);
}

/**
 * The decision form posted on a case's or member's page: read it, send it, and back to the page
 * (`page`) on success; otherwise the form again with the error.
 */
export async function submitDecision(
  api: ApiClient,
  form: FormData,
  allowed: readonly StaffAction[],
  about: { case: number } | { member: number },
  page: string,
) {
  const submission = parseForm(form, staffDecisionSchema(allowed));
  if (submission.status !== "success") return staffFormReply(submission.reply(), 400);
  const { action, category, reason, image } = submission.value;
  const body = action === "remove_photo" ? { action, category, reason, image: Number(image) } : { action, category, reason };
  const result = await staffDecide(api, { ...body, ...about });
  if (!result.ok) return staffApiReply(submission, result);
  return savedRedirect(page);
}

/**
 * A refusal of a hosts' call as the page's message (ADR 045): someone else has it open, the host
 * holds as many as they may, it waits no more, the member cannot be answered, notes changed.
 */
export function hostApiMessage(error: { error: string; holder?: string | undefined; max_held?: number | undefined }): string {
  switch (error.error) {
    case "claimed_by_other":
      return `hosts.errors.claimedByOther|${JSON.stringify({ name: error.holder ?? "" })}`;
    case "too_many_held":
      return `hosts.errors.too_many_held|${JSON.stringify({ max: error.max_held ?? 0 })}`;
    case "not_waiting":
    case "member_banned":
    case "member_deleted":
    case "blocked":
    case "notes_changed":
      return `hosts.errors.${error.error}`;
    default:
      return staffApiMessage(error.error);
  }
}
