/**
 * Sign-up step 0: email, name, password. With JavaScript the address is checked by the API as it
 * is typed (a corrected address replaces the typed one; the previous check is aborted) and a
 * did-you-mean suggestion can be taken with one click; without it the action does both.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { AccountSchema } from "~/lib/forms/signup";
import { inputProps, useForm, type FieldConstraint } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { isWorthChecking } from "~/lib/signup/rules";
import type { loader as rootLoader } from "~/root";
import { LegalLink } from "./LegalDialog";
import { Busy, type StepActionData } from "./SignupChrome";

type Constraint = Record<string, FieldConstraint> | undefined;

/** What the API's email check said, as the form shows it. */
type EmailCheckState =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "ok" }
  | { state: "refused"; error: "invalid_email" | "existing_account_active" | "deleted_account_exists" };

const CHECK_DELAY_MS = 400;

/** The did-you-mean check, loaded with the first keystroke in the address (not with the page). */
function suggestionFor(email: string): Promise<string | null> {
  return import("~/lib/signup/did-you-mean").then((m) => m.suggestEmail(email)).catch(() => null);
}

/** A string field of a JSON answer the browser fetched itself (the server's schemas stay on the server). */
export function fieldOf(answer: unknown, name: string): string | undefined {
  if (typeof answer !== "object" || answer === null || !(name in answer)) return undefined;
  const value: unknown = Reflect.get(answer, name);
  return typeof value === "string" ? value : undefined;
}

/** Spec §5 and §7: GET /api/validate_email.php as the address changes; only 'new' passes. */
function useEmailCheck(onCorrected: (email: string) => void) {
  const [check, setCheck] = useState<EmailCheckState>({ state: "idle" });
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = (email: string) => {
    controller.current?.abort();
    if (timer.current) clearTimeout(timer.current);
    if (!isWorthChecking(email)) {
      setCheck({ state: "idle" });
      return;
    }
    timer.current = setTimeout(() => {
      const aborter = new AbortController();
      controller.current = aborter;
      setCheck({ state: "checking" });
      fetch(`/api/validate_email.php?email=${encodeURIComponent(email)}`, { signal: aborter.signal, credentials: "same-origin" })
        .then((response) => {
          // Too many checks from this network (a shared IP): the server checks again on submit.
          if (response.status === 429) return { status: "unchecked" };
          return response.ok ? response.json() : Promise.reject(new Error(String(response.status)));
        })
        .then((answer: unknown) => {
          const status = fieldOf(answer, "status");
          const corrected = fieldOf(answer, "email");
          if (status === "unchecked") {
            setCheck({ state: "idle" });
          } else if (status === "new") {
            if (corrected && corrected !== email) onCorrected(corrected);
            setCheck({ state: "ok" });
          } else if (status === "active" || status === "not_confirmed") {
            setCheck({ state: "refused", error: "existing_account_active" });
          } else if (status === "deleted") {
            setCheck({ state: "refused", error: "deleted_account_exists" });
          } else {
            setCheck({ state: "refused", error: "invalid_email" });
          }
        })
        .catch((error: unknown) => {
          // An aborted check means nothing (a newer one runs); a failed one counts as invalid (spec §8).
          if (error instanceof DOMException && error.name === "AbortError") return;
          setCheck({ state: "refused", error: "invalid_email" });
        });
    }, CHECK_DELAY_MS);
  };
  return { check, run };
}

export function AccountStep({
  view,
  actionData,
  action,
  heading,
}: {
  view: { csrf: string; constraint: Constraint; referrer: string };
  actionData: StepActionData;
  /** Where the form posts: /signup itself, or /signup from a lander or the error page. */
  action?: string;
  /** The page's heading; null for none (the error page has its own). */
  heading?: string | null;
}) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "";
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: AccountSchema, lastResult: actionData?.result, constraint: view.constraint });
  const fields = { email: form.field("email"), name: form.field("name"), password: form.field("password") };
  const [email, setEmailValue] = useState(fields.email.initialValue ?? "");
  const [suggestion, setSuggestion] = useState<string | null>(actionData?.suggestion ?? null);
  const [timezone, setTimezone] = useState("");
  const setEmail = (value: string) => form.update(fields.email.name, value);
  // The server's correction replaces the typed address, and with it any suggestion for the old one.
  const { check, run } = useEmailCheck((corrected) => {
    setEmail(corrected);
    void suggestionFor(corrected).then(setSuggestion);
  });

  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);

  const onEmailChange = (value: string) => {
    setEmailValue(value);
    void suggestionFor(value).then(setSuggestion);
    run(value.trim());
  };

  const emailErrors = [...(fields.email.errors ?? []), ...(check.state === "refused" ? [`errors.${check.error}`] : [])];
  const accountExists = emailErrors.some((e) => e === "errors.existing_account_active");
  const accountDeleted = emailErrors.some((e) => e === "errors.deleted_account_exists");
  const hasErrors = form.hasErrors || emailErrors.length > 0;
  // Spec §5: no submitting while a check runs, while submitting, or while any error shows. Only
  // once the page runs: without JavaScript the button must stay usable to send the fixes.
  const blocked = form.hydrated && (submitting || check.state === "checking" || hasErrors);

  return (
    <>
      {heading !== null && (
        <>
          <h1>{heading ?? t("signup.account.heading")}</h1>
          <p>{t("signup.account.intro")}</p>
        </>
      )}
      <Form method="post" action={action} {...form.props} className="stack">
        {/* Enter in any field submits with the form's first submit button: this one, not the
            did-you-mean button further down. Invisible; the real button is at the end. */}
        <button type="submit" name="intent" value="create" className="default-submit" tabIndex={-1} aria-hidden="true" disabled={blocked} />
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("signup.account.email")}
          inputProps={{
            ...inputProps(fields.email, "email"),
            required: true,
            autoComplete: "email",
            onChange: (event) => onEmailChange(event.currentTarget.value),
          }}
          errors={emailErrors}
        />
        {accountExists && (
          <p className="field-help">
            <Link to="/login">{t("signup.account.loginInstead")}</Link>
          </p>
        )}
        {accountDeleted && (
          <p className="field-help">
            <a href={`mailto:${supportEmail}`}>{t("signup.account.contactService", { email: supportEmail })}</a>
          </p>
        )}
        {check.state === "checking" && <Busy label={t("signup.account.checking")} />}
        {suggestion && (
          <div className="suggestion" role="status">
            {t("signup.account.didYouMean")}{" "}
            {/* Without JavaScript this posts the form back with the suggested address in place. */}
            <button
              type="submit"
              name="useEmail"
              value={suggestion}
              formNoValidate
              className="link-button"
              onClick={(event) => {
                event.preventDefault();
                setEmail(suggestion);
                setSuggestion(null);
                run(suggestion);
              }}
            >
              {suggestion}
            </button>
            ?
            {actionData?.suggestion === suggestion && <span className="field-help"> {t("signup.account.keepOrFix")}</span>}
          </div>
        )}
        {/* A suggestion that was seen and not taken does not stop the form a second time. */}
        {suggestion && <input type="hidden" name="keepEmail" value={email} />}
        <Field
          label={t("signup.account.name")}
          inputProps={{ ...inputProps(fields.name, "text"), autoComplete: "given-name" }}
          errors={fields.name.errors}
          help={t("signup.account.nameHelp")}
        />
        <Field
          label={t("signup.account.password")}
          inputProps={{ ...inputProps(fields.password, "password"), required: true, autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <input type="hidden" name="csrf" value={view.csrf} />
        <input type="hidden" name="timezone" value={timezone} />
        <input type="hidden" name="referrer" value={view.referrer} />
        <div className="terms-notice">
          {t("signup.account.acceptTermsBefore")} <LegalLink page="terms">{t("signup.account.terms")}</LegalLink>{" "}
          {t("signup.account.acceptTermsAnd")} <LegalLink page="privacy">{t("signup.account.privacy")}</LegalLink>
          {t("signup.account.acceptTermsAfter")}
        </div>
        <button type="submit" name="intent" value="create" className="button large" disabled={blocked} aria-busy={submitting}>
          {submitting ? t("signup.account.submitting") : t("signup.account.submit")}
        </button>
      </Form>
      {heading !== null && (
        <p>
          {t("signup.account.haveAccount")} <Link to="/login">{t("signup.account.loginLink")}</Link>
        </p>
      )}
    </>
  );
}
