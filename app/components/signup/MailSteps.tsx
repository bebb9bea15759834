/**
 * Sign-up steps 6 and 7: the activation mail's sending progress, and the check-your-email page.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { routePath } from "~/lib/route-path";
import { Field } from "~/components/Field";
import { ChangeEmailSchema } from "~/lib/forms/signup";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { fetchResource } from "~/lib/resource-answer";
import type { loader as activationLoader } from "~/routes/resources/activation";
import {
  activationComplete,
  activationMessageIndex,
  ACTIVATION_TICK_MS,
  ACTIVATION_TIMEOUT_TICKS,
} from "../../../contract/rules/signup-steps";
import { FormErrors, type StepActionData } from "./SignupChrome";

const PROGRESS_MESSAGES = [
  "signup.activation.preparing",
  "signup.activation.sending",
  "signup.activation.almost",
  "signup.activation.slow",
] as const;

/**
 * Step 6 (docs/product.md §4, §9): a tick every 900 ms asks GET /resources/activation; the words change at
 * ticks 4, 7 and 10; done when the mail is delivered or after 20 ticks. Without JavaScript the
 * page reloads itself each second (?tick=n) and the server moves on when done.
 */
export function ActivationProgressStep({ tick: serverTick }: { tick: number }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [tick, setTick] = useState(serverTick);
  const done = useRef(false);

  useEffect(() => {
    let current = serverTick;
    const timer = setInterval(() => {
      current += 1;
      setTick(current);
      fetchResource<typeof activationLoader>(routePath("/resources/activation"))
        .then((response) => (response.ok ? response.json() : { delivered: false }))
        .catch(() => ({ delivered: false }))
        .then(({ delivered }) => {
          if (done.current || !activationComplete(current, delivered)) return;
          done.current = true;
          clearInterval(timer);
          void submit({ intent: "activation-complete" }, { method: "post" });
        });
    }, ACTIVATION_TICK_MS);
    return () => clearInterval(timer);
  }, [serverTick, submit]);

  return (
    <>
      <h1>{t("signup.activation.heading")}</h1>
      <noscript>
        <meta httpEquiv="refresh" content={`1;url=/signup?tick=${serverTick + 1}`} />
      </noscript>
      <progress
        max={ACTIVATION_TIMEOUT_TICKS}
        value={Math.min(tick, ACTIVATION_TIMEOUT_TICKS)}
        aria-labelledby="activation-status"
      />
      <p id="activation-status" role="status" aria-live="polite">
        {t(PROGRESS_MESSAGES[activationMessageIndex(tick)])}
      </p>
    </>
  );
}

interface CheckEmailView {
  email: string;
  confirmed: boolean;
  changeEmail: boolean;
  mailSearchUrl: string | null;
  skipDoubleOptIn: boolean;
  siteName: string;
  /** Where the visitor was going before sign-up (a chat, say), or null for the member area. */
  next: string | null;
}

/** Step 7 (docs/product.md §2): check your email. Emits signupFlowComplete for the page's listeners (analytics). */
export function CheckEmailStep({ view, actionData }: { view: CheckEmailView; actionData: StepActionData }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.dispatchEvent(new CustomEvent("signupFlowComplete", { detail: { email: view.email } }));
  }, [view.email]);

  if (view.changeEmail) return <ChangeEmail email={view.email} actionData={actionData} />;
  return (
    <>
      <h1>{t("signup.done.heading")}</h1>
      <p>{t("signup.done.sent", { email: view.email })}</p>
      <p className="field-help">{t("signup.done.spam")}</p>
      <div className="step-buttons">
        {view.mailSearchUrl && (
          <a className="button" href={view.mailSearchUrl} target="_blank" rel="noopener noreferrer">
            {t("signup.done.openMail")}
          </a>
        )}
        {view.skipDoubleOptIn && (
          <Link className={view.mailSearchUrl ? "button secondary" : "button"} to={view.next ?? "/signup-matches"}>
            {view.next ? t("signup.done.continue") : t("signup.done.memberArea")}
          </Link>
        )}
      </div>
      {!view.confirmed && (
        <p>
          {t("signup.done.wrongAddress")} <Link to="/signup?change-email=1">{t("signup.done.changeEmail")}</Link>
        </p>
      )}
    </>
  );
}

function ChangeEmail({ email, actionData }: { email: string; actionData: StepActionData }) {
  const { t } = useTranslation();
  const form = useForm({ schema: ChangeEmailSchema, lastResult: actionData?.result, defaultValue: { email } });
  const field = form.field("email");
  return (
    <>
      <h1>{t("signup.changeEmail.heading")}</h1>
      <p>{t("signup.changeEmail.body")}</p>
      <Form method="post" {...form.props} className="stack">
        <FormErrors actionData={actionData} />
        <Field
          label={t("signup.account.email")}
          inputProps={{ ...inputProps(field, "email"), required: true, autoComplete: "email" }}
          errors={field.errors}
        />
        <div className="step-buttons">
          <button type="submit" name="intent" value="change-email" className="button">
            {t("signup.changeEmail.save")}
          </button>
          <Link to="/signup" className="button secondary">
            {t("signup.changeEmail.cancel")}
          </Link>
        </div>
      </Form>
    </>
  );
}
