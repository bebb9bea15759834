/**
 * A decision's appeal (DSA art. 20; ADR 030), for /pages/ban and /appeals/:decisionId: the
 * appeal sent (its reference and state), or that the period ended, or the form (a textarea and a
 * button; a plain post that works without JavaScript). The member's text is shown as text.
 */
import { Form, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { TextAreaField } from "~/components/FormFields";
import type { FieldConstraint, FormResult } from "~/lib/forms/use-form";
import { useForm } from "~/lib/forms/use-form";
import { AppealSchema } from "~/lib/forms/appeal";
import { useTranslation } from "~/lib/i18n-react";
import { APPEAL_MAX } from "../../contract/limits";
import type { Decision } from "../../contract/schemas";

export function AppealSection({
  decision,
  lastResult,
  constraint,
  formatDate,
}: {
  decision: Pick<Decision, "appeal_until" | "appealable" | "appeal">;
  lastResult: FormResult | undefined;
  constraint: Record<string, FieldConstraint>;
  formatDate: (ms: number) => string;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: AppealSchema, lastResult, constraint });
  const text = form.field("text");
  const { appeal } = decision;
  return (
    <section id="appeal" aria-labelledby="appeal-heading" className="appeal">
      <h2 id="appeal-heading">{t("appeals.formHeading")}</h2>
      {appeal ? (
        <div className="notice-box success" role="status">
          <p>{t(`appeals.${appeal.state === "open" ? "received" : appeal.state}`, { reference: appeal.reference })}</p>
        </div>
      ) : !decision.appealable ? (
        <p className="notice-box">{t("appeals.closed", { date: formatDate(decision.appeal_until ?? 0) })}</p>
      ) : (
        <>
          <p>
            {decision.appeal_until === null
              ? t("appeals.noDeadline")
              : t("appeals.until", { date: formatDate(decision.appeal_until) })}
          </p>
          <Form method="post" {...form.props} className="stack card-surface">
            <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
            <TextAreaField
              label={t("appeals.text")}
              field={text}
              help={t("appeals.textHelp", { max: APPEAL_MAX })}
              maxLength={APPEAL_MAX}
              required
            />
            <div>
              <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
                {submitting ? t("appeals.sending") : t("appeals.submit")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
