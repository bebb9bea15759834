/**
 * Sign-up step 0: email, name, password. The address is checked as sign-up checks it
 * (CheckedEmailField: the API's check as it is typed, the did-you-mean suggestion).
 */
import type { FormEvent, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckedEmailField, useCheckedEmail } from "~/components/CheckedEmailField";
import { ErrorList, Field } from "~/components/Field";
import { AccountSchema } from "~/lib/forms/signup";
import { inputProps, useForm, type FieldConstraint } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { LegalLink } from "./LegalDialog";
import type { StepActionData } from "./SignupChrome";

type Constraint = Record<string, FieldConstraint> | undefined;

export function AccountStep({
  view,
  actionData,
  action,
  heading,
  beforeTerms,
  networkNote,
}: {
  view: {
    csrf: string;
    constraint: Constraint;
    referrer: string;
    /** The site's screening notice (lib/safety-notice.server.ts), when its settings show it. */
    screeningNotice?: string | null;
  };
  /** What a lander adds before the terms line: the embedded site-entry warning (EntryWarning.tsx). */
  beforeTerms?: ReactNode;
  actionData: StepActionData;
  /** Where the form posts: /signup itself, or /signup from a lander or the error page. */
  action?: string;
  /** The page's heading; null for none (the error page has its own). */
  heading?: string | null;
  /**
   * The sentence naming the sites that will show the profile (docs/product.md §13.7), made by the
   * loader (lib/signup/network-note.server.ts). Landers leave it to step 2 in /signup, where every
   * sign-up passes: their first view must fit in 14 KB (docs/architecture.md §6).
   */
  networkNote?: string;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: AccountSchema, lastResult: actionData?.result, constraint: view.constraint });
  const fields = { name: form.field("name"), password: form.field("password") };
  const email = useCheckedEmail(form, "email", actionData?.suggestion, actionData?.retryOf);
  // The device's time zone goes with the form, read as it is sent: the first Intl.DateTimeFormat
  // of a page costs a cheap phone tens of milliseconds, which hydration should not pay.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = event.currentTarget.elements.namedItem("timezone");
    if (field instanceof HTMLInputElement && !field.value) field.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
    email.onSubmit(event);
  };

  const hasErrors = form.hasErrors || email.errors.length > 0;
  // docs/product.md §5: no submitting while submitting or while any error shows (a press during the
  // email check waits for it: useCheckedEmail). Only once the page runs: without JavaScript the
  // button must stay usable to send the fixes.
  const blocked = form.hydrated && (submitting || hasErrors);

  return (
    <>
      {heading !== null && (
        <>
          <h1>{heading ?? t("signup.account.heading")}</h1>
          <p>{t("signup.account.intro")}</p>
        </>
      )}
      <Form method="post" action={action} {...form.props} onSubmit={onSubmit} className="stack">
        {/* Enter in any field submits with the form's first submit button: this one, not the
            did-you-mean button further down. Invisible; the real button is at the end. */}
        <button
          type="submit"
          name="intent"
          value="create"
          className="default-submit"
          tabIndex={-1}
          aria-hidden="true"
          disabled={blocked}
        />
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <CheckedEmailField email={email} label={t("signup.account.email")} />
        <Field
          label={t("signup.account.name")}
          inputProps={{ ...inputProps(fields.name, "text"), required: true, autoComplete: "given-name" }}
          errors={fields.name.errors}
          help={t("signup.account.nameHelp")}
        />
        <Field
          label={t("signup.account.password")}
          inputProps={{ ...inputProps(fields.password, "password"), required: true, autoComplete: "new-password" }}
          errors={fields.password.errors}
          help={t("resetPassword.rules")}
        />
        {/* The token the form was sent with, when it comes back: a retry must be the same sign-up. */}
        <input type="hidden" name="csrf" value={form.field("csrf").initialValue ?? view.csrf} />
        <input type="hidden" name="timezone" defaultValue="" />
        <input type="hidden" name="referrer" value={view.referrer} />
        {beforeTerms}
        {networkNote ? <p className="field-help network-note">{networkNote}</p> : null}
        {view.screeningNotice ? (
          <p className="field-help screening-notice">
            {view.screeningNotice} <Link to="/pages/safety">{t("safety2.tipsLink")}</Link>
          </p>
        ) : null}
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
