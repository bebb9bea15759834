/**
 * The one shape every action answers with when a form did not go through (docs/decisions/014):
 * Conform's SubmissionResult (what was sent back, errors by field, "" for the form's own
 * message), plus a few flags some pages need. Built on the server by lib/forms/reply.server.ts;
 * read in the browser by useForm (lib/forms/use-form.ts) and formErrorsOf.
 */
import type { SubmissionResult } from "@conform-to/react";

export interface FormReply {
  result: SubmissionResult<string[]>;
  /** /profile: which of its forms answered ("photos", "email", "push"…), so only that one shows it. */
  section?: string;
  /** The did-you-mean question without JavaScript: the address to suggest. */
  suggestion?: string;
  /** The link or token the form came from no longer works: the page says so instead of the form. */
  expired?: boolean;
  /** The chat's insufficient_credits: the member's credits and what the message costs. */
  credits?: { balance: number; cost: number };
  /** /reset-password: the address the link went to (the form is done). */
  sentTo?: string;
  /** Sign-up step 0: the address of a sign-up whose answer was lost; its retry is not "taken". */
  retryOf?: string;
  /** The chat: the key of a send the API did not confirm; the retry must reuse it. */
  sendKey?: string;
  /** The chat: the activation link was sent again to this address (docs/decisions/040). */
  resentTo?: string;
  /** The chat: the message has an offensive word; the composer asks "Are you sure?" (ADR 057). */
  nudge?: boolean;
}

/** The form's own messages (not beside a field), or undefined. */
export function formErrorsOf(reply: FormReply | undefined): string[] | undefined {
  return reply?.result.error?.[""] ?? undefined;
}
