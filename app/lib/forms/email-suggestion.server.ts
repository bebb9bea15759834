/**
 * The did-you-mean suggestion without JavaScript (CheckedEmailField's server half): the
 * suggestion button posts the form with `useEmail`, and a typed address with a suggestion comes
 * back as a question once; `keepEmail` says the member saw it and kept the address.
 */
import { suggestEmail } from "../signup/did-you-mean";

/**
 * The did-you-mean button was pressed: puts the suggested address in the form (the form is
 * then shown again, not sent on). False when it was not pressed.
 */
export function takeSuggestedEmail(formData: FormData, field = "email"): boolean {
  const suggested = formData.get("useEmail");
  if (typeof suggested !== "string") return false;
  formData.set(field, suggested);
  formData.delete("keepEmail");
  return true;
}

/** The suggestion to ask about before using `typed`, or null (none, or already seen and kept). */
export function unansweredSuggestion(typed: string, keepEmail: string | undefined): string | null {
  const suggestion = suggestEmail(typed);
  return suggestion && keepEmail !== typed ? suggestion : null;
}
