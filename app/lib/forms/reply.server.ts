/**
 * Actions answer a form that did not go through with these, always as a FormReply
 * (lib/forms/reply.ts) and an HTTP status. Messages are message keys, translated where shown.
 */
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { ErrorCode } from "../../../contract/errors";
import type { ApiErrorBody } from "../../../contract/schemas";
import { rateLimited } from "./fields";
import type { FormReply } from "./reply";

/** A parsed form (Conform's submission): reply() sends back what was typed, with errors. */
export interface Replyable {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/** An API refusal (an ApiResult with ok: false). */
export interface ApiFailure {
  status: number;
  error: ApiErrorBody;
}

/** The form's answer: Conform's result and the page's flags, with the status. */
export function formReply(result: SubmissionResult<string[]>, status: number, flags: Omit<FormReply, "result"> = {}) {
  return data<FormReply>({ result, ...flags }, { status });
}

/** A result with only the form's own messages, for forms without a schema (a button, an upload). */
export function formErrors(...messages: string[]): SubmissionResult<string[]> {
  return { status: "error", error: messages.length > 0 ? { "": messages } : {} };
}

/**
 * The message key of an API refusal: codes listed in `own` have their own message
 * (`errors.<code>`; rate_limited says how many minutes to wait); any other is the generic one.
 */
export function apiErrorMessage(error: ApiErrorBody, own: readonly ErrorCode[]): string {
  if (!own.includes(error.error)) return "errors.generic";
  return error.error === "rate_limited" ? rateLimited(error.retry_after) : `errors.${error.error}`;
}

/**
 * An API refusal as the form's answer, with the API's status. The message (apiErrorMessage)
 * shows beside `field` when its code is in `own`, else beside `otherField`; either is the form's
 * own message when not given.
 */
export function apiErrorReply(
  submission: Replyable,
  failure: ApiFailure,
  options: {
    own?: readonly ErrorCode[];
    field?: string;
    otherField?: string;
    hideFields?: string[];
    flags?: Omit<FormReply, "result">;
  } = {},
) {
  const { own = [], field, otherField, hideFields, flags } = options;
  const message = apiErrorMessage(failure.error, own);
  const at = own.includes(failure.error.error) ? field : otherField;
  const errors = at === undefined ? { formErrors: [message] } : { fieldErrors: { [at]: [message] } };
  return formReply(submission.reply({ ...errors, hideFields }), failure.status, flags);
}
