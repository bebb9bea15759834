/**
 * The appeal form's action, shared by /pages/ban (the ban in force) and /appeals/:decisionId
 * (any decision against the member): checks the text, sends it, and on success redirects back
 * to the page (post/redirect/get), which then shows the reference from decisions.php. Refusals
 * come back as the form with the text kept and a translated message (ADR 030).
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { ErrorCode } from "../../contract/errors";
import { sendAppeal } from "./api/appeals.server";
import { parseForm } from "./forms/parse.server";
import { AppealSchema } from "./forms/appeal";
import { apiErrorReply, formReply } from "./forms/reply.server";
import { requestLocale } from "./i18n.server";
import { apiContext } from "./context";

/** Refusals with a message of their own (the rest read "something went wrong"). */
const OWN: readonly ErrorCode[] = ["rate_limited", "appeal_closed", "appeal_exists", "decision_not_found", "not_appealable"];

export async function appealAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  decisionId: number,
  back: string,
) {
  const submission = parseForm(await request.formData(), AppealSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const result = await sendAppeal(context.get(apiContext), {
    decision_id: decisionId,
    text: submission.value.text,
    language: requestLocale(context),
  });
  if (!result.ok) {
    // Sent twice (a second tab, a double post without JavaScript): the page shows the first one.
    if (result.error.error === "appeal_exists") throw redirect(back);
    return apiErrorReply(submission, result, { own: OWN, field: "text" });
  }
  throw redirect(back);
}
