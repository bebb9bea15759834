/**
 * Trusted reporters (docs/decisions/058): an automated pause's statement of reasons is shown in
 * the member's language (the stored reason is the English record); any other decision's reason is
 * staff's own text, shown as written.
 */
import { AUTOMATED_STATEMENT_START } from "../../contract/rules/trusted-reporters";
import type { Decision } from "../../contract/schemas";
import type { Translator } from "../../contract/translator";

export function statementOf(t: Translator["t"], decision: Pick<Decision, "action" | "category" | "reason">): string {
  if (decision.action !== "pause" || !decision.reason.startsWith(AUTOMATED_STATEMENT_START)) return decision.reason;
  return t("trustedReporters.statement", { category: t(`appeals.categories.${decision.category}`) });
}
