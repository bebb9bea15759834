/** What every sign-up step shares: progress dots, the save/continue buttons, form-level errors. */
import { Link, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { formErrorsOf, type FormReply } from "~/lib/forms/reply";
import { useTranslation } from "~/lib/i18n-react";
import type { MessageKey } from "../../../contract/translator";
import { filledDots, PROGRESS_TOTAL, type SignupStep } from "../../../contract/rules/signup-steps";

/** What the sign-up action (and /profile, for the same forms) answers when a step's form has errors. */
export type StepActionData = FormReply | undefined;

export function ProgressDots({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const filled = filledDots(step);
  return (
    <p className="progress-dots" role="img" aria-label={t("signup.progress", { step: filled, total: PROGRESS_TOTAL })}>
      {Array.from({ length: PROGRESS_TOTAL }, (_, i) => (
        <span key={i} className={i < filled ? "dot filled" : "dot"} />
      ))}
    </p>
  );
}

/** docs/product.md §2: the notice for visitors when sign-up is not open to them. */
export function InviteOnly({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  return (
    <div className="narrow">
      <title>{t("signup.closed.title", { site: siteName })}</title>
      <h1>{t("signup.closed.heading", { site: siteName })}</h1>
      <p>{t("signup.closed.body")}</p>
      <p>
        <Link className="button" to="/login">
          {t("signup.closed.login")}
        </Link>
      </p>
    </div>
  );
}

/**
 * A step's two ways on: save what was entered (the first button, so Enter saves), or continue
 * without (its own words per step).
 */
export function StepButtons({
  save,
  intent,
  skip,
  busy = false,
  skipIsPrimary = false,
}: {
  save?: MessageKey;
  intent?: string;
  skip: MessageKey;
  busy?: boolean;
  /** The step is done (a photo uploaded): going on is the one action left, so it is the primary button. */
  skipIsPrimary?: boolean;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting" || busy;
  return (
    <div className="step-buttons">
      {save && (
        <button type="submit" name="intent" value={intent} className="button" disabled={submitting} aria-busy={submitting}>
          {t(save)}
        </button>
      )}
      <button
        type="submit"
        name="intent"
        value="skip"
        className={skipIsPrimary ? "button" : "link-button quiet"}
        formNoValidate
        disabled={submitting}
      >
        {t(skip)}
      </button>
    </div>
  );
}

export function FormErrors({ actionData }: { actionData: StepActionData }) {
  return <ErrorList id="step-errors" errors={formErrorsOf(actionData)} />;
}

/** A spinner with words, announced politely to screen readers. */
export function Busy({ label }: { label: string }) {
  return (
    <p className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}
