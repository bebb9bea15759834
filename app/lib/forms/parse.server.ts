/**
 * The actions' form parser: Conform's parseWithValibot, with one message per field, the first
 * that applies (docs/product.md §5; issue 16): an empty address is "Enter your email address.", not
 * that and "Value is not a valid email address" as well. A field's checks run in order (its
 * own pipe, then the form's checks across fields), so the first message is the one that
 * applies first. The form's own messages ("") are kept whole. The browser's hook does the same
 * (use-form.ts, issuesByField), so a page with and without JavaScript shows the same message.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps it.
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";

type FieldErrors = Record<string, string[] | null>;

/** Each field's first message; the form's own ("") all. */
export function firstErrorPerField(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([name, messages]) => [name, name === "" || messages === null ? messages : messages.slice(0, 1)]),
  );
}

function trimmed(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  return result.error ? { ...result, error: firstErrorPerField(result.error) } : result;
}

export function parseForm<S extends v.GenericSchema>(
  payload: FormData | URLSearchParams,
  schema: S,
): Submission<v.InferOutput<S>, string[]> {
  const submission = parseWithValibot(payload, { schema });
  const reply: typeof submission.reply = (options) => trimmed(submission.reply(options));
  if (submission.status === "success") return { ...submission, reply };
  return { ...submission, error: submission.error && firstErrorPerField(submission.error), reply };
}
