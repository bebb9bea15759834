/**
 * An email field checked as sign-up checks it (docs/product.md §5), for every form that takes a new
 * address: sign-up step 0 and the email change on /profile. With JavaScript the API checks the
 * address as it is typed (GET /resources/validate-email, which asks the API; a corrected address
 * replaces the typed one; the previous check is aborted) and a did-you-mean suggestion can be taken with one
 * click. Without it, the action asks about the suggestion first (app/lib/forms/email-suggestion.server.ts)
 * and the API checks on submit.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { routePath } from "~/lib/route-path";
import { Field } from "~/components/Field";
import { inputProps, type Form } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { fetchResource } from "~/lib/resource-answer";
import { emailStatusError, isWorthChecking, type EmailStatusError } from "../../contract/rules/signup";
import { useSite } from "~/lib/root-data";
import type { loader as emailCheckLoader } from "~/routes/resources/validate-email";

/** What the API's email check said, as the form shows it. */
type EmailCheckState =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "ok" }
  | { state: "refused"; error: EmailStatusError };

const CHECK_DELAY_MS = 400;

/** The did-you-mean check, loaded with the first keystroke in the address (not with the page). */
function suggestionFor(email: string): Promise<string | null> {
  return import("~/lib/signup/did-you-mean").then((m) => m.suggestEmail(email)).catch(() => null);
}

/** docs/product.md §5 and §7: the API's email check as the address changes; only 'new' passes. */
function useEmailCheck(onCorrected: (email: string) => void) {
  const [check, setCheck] = useState<EmailCheckState>({ state: "idle" });
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  /** Checks `email` after a pause in typing; `skip` cancels any check (the member's own address). */
  const run = (email: string, skip = false) => {
    controller.current?.abort();
    if (timer.current) clearTimeout(timer.current);
    if (skip || !isWorthChecking(email)) {
      setCheck({ state: "idle" });
      return;
    }
    timer.current = setTimeout(() => {
      const aborter = new AbortController();
      controller.current = aborter;
      setCheck({ state: "checking" });
      const url = `${routePath("/resources/validate-email")}?email=${encodeURIComponent(email)}`;
      fetchResource<typeof emailCheckLoader>(url, { signal: aborter.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((answer) => {
          // Too many checks from this network (a shared IP): the server checks again on submit.
          if (answer.status === "unchecked") return setCheck({ state: "idle" });
          const error = emailStatusError(answer.status);
          if (error) return setCheck({ state: "refused", error });
          if (answer.email && answer.email !== email) onCorrected(answer.email);
          setCheck({ state: "ok" });
        })
        .catch((error: unknown) => {
          // An aborted check means nothing (a newer one runs); a failed one counts as invalid (docs/product.md §8).
          if (error instanceof DOMException && error.name === "AbortError") return;
          setCheck({ state: "refused", error: "invalid_email" });
        });
    }, CHECK_DELAY_MS);
  };
  return { check, run };
}

/**
 * The state of a checked email field of `form`: its errors (the schema's and the API check's),
 * whether a check runs, and the suggestion. `serverSuggestion` is the action's (without JavaScript).
 * `ownAddress` (the email change) is not checked: the API would call it taken, and the server's
 * answer on submit says what it is ("This is already your email address").
 */
export function useCheckedEmail(form: Form, name: string, serverSuggestion: string | null | undefined, ownAddress?: string) {
  const field = form.field(name);
  const [email, setEmailValue] = useState(field.initialValue ?? "");
  const [suggestion, setSuggestion] = useState<string | null>(serverSuggestion ?? null);
  // A suggestion the server's correction answered keeps its room, unseen, until the member types
  // again: the line going as the check answers would move the button from under a press.
  const [answered, setAnswered] = useState(false);
  const correcting = useRef(false);
  const setEmail = (value: string) => form.update(field.name, value);
  // The server's correction replaces the typed address (onChange below runs at once, for it).
  const { check, run } = useEmailCheck((corrected) => {
    correcting.current = true;
    setEmail(corrected);
    correcting.current = false;
  });
  const errors = [...(field.errors ?? []), ...(check.state === "refused" ? [`errors.${check.error}`] : [])];

  // A press of the button while the check runs is held and sent once the address passes, so a
  // click that lands as the check starts is never lost (docs/product.md §5). A press that lands as
  // the check answers is the form's own: the spinner below takes no room, so the button stays put.
  const held = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    const waiting = held.current;
    if (check.state === "checking" || !waiting) return;
    held.current = null;
    if (check.state === "refused") return;
    // Browsers without requestSubmit (before Safari 16) post the form the plain way, which the action serves too.
    if ("requestSubmit" in waiting.form) waiting.form.requestSubmit(waiting.submitter);
    else HTMLFormElement.prototype.submit.call(waiting.form);
  }, [check.state]);

  const onChange = (value: string) => {
    setEmailValue(value);
    const byServer = correcting.current;
    void suggestionFor(value).then((found) => {
      if (byServer && !found) return setAnswered(true);
      setAnswered(false);
      setSuggestion(found);
    });
    const typed = value.trim();
    run(typed, ownAddress !== undefined && typed.toLowerCase() === ownAddress.toLowerCase());
  };

  // A sign-up sent again after a lost answer (retryOf): a check that ended after the account was
  // made calls its own address taken; that address is not checked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the own address arrives.
  useEffect(() => {
    if (ownAddress && email.trim().toLowerCase() === ownAddress.toLowerCase()) run(email, true);
  }, [ownAddress]);

  // An address typed before the page's script ran (a slow network) is checked once it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page becomes interactive.
  useEffect(() => {
    const input = document.getElementById(field.id);
    if (input instanceof HTMLInputElement && input.value !== (field.initialValue ?? "")) onChange(input.value);
  }, []);

  return {
    field,
    email,
    errors,
    checking: check.state === "checking",
    /**
     * The form's submit handler: the form's own checks first, then, while the address is being
     * checked, the submit waits for the answer instead of going out or being dropped.
     */
    onSubmit(event: FormEvent<HTMLFormElement>) {
      form.props.onSubmit(event);
      if (event.defaultPrevented || check.state !== "checking") return;
      event.preventDefault();
      const native = event.nativeEvent;
      const submitter = typeof SubmitEvent !== "undefined" && native instanceof SubmitEvent ? native.submitter : null;
      held.current = { form: event.currentTarget, submitter };
    },
    suggestion,
    /** The suggestion is answered by the server's correction: its line keeps its room, unseen. */
    answered,
    serverSuggestion,
    onChange,
    take(value: string) {
      setEmail(value);
      setSuggestion(null);
      run(value);
    },
  };
}

/**
 * The field, the links an existing or deleted account gets, the check's spinner and the
 * did-you-mean button. The form must start with a hidden default submit button, so Enter
 * sends the form and does not take the suggestion.
 */
export function CheckedEmailField({
  email,
  label,
  accountLinks = true,
}: {
  email: ReturnType<typeof useCheckedEmail>;
  label: string;
  /** "Log in instead" / "contact customer service" under the refusals (sign-up only). */
  accountLinks?: boolean;
}) {
  const { t } = useTranslation();
  const supportEmail = useSite()?.supportEmail ?? "";
  const { suggestion } = email;
  return (
    <>
      <Field
        label={label}
        inputProps={{
          ...inputProps(email.field, "email"),
          required: true,
          autoComplete: "email",
          onChange: (event) => email.onChange(event.currentTarget.value),
        }}
        errors={email.errors}
        // While the address is checked a spinner shows inside the field, taking no room: a status
        // line that came and went under it moved the button, and a press that began on the button
        // and ended beside it (the check answering in between) was no click at all. Always given,
        // only hidden: a field that gained or lost it would be a new input (what was typed lost).
        adornment={<span className="spinner field-spinner" aria-hidden="true" hidden={!email.checking} />}
      />
      {accountLinks && email.errors.includes("errors.existing_account_active") && (
        <p className="field-help">
          <Link to="/login">{t("signup.account.loginInstead")}</Link>
        </p>
      )}
      {accountLinks && email.errors.includes("errors.deleted_account_exists") && (
        <p className="field-help">
          <a href={`mailto:${supportEmail}`}>{t("signup.account.contactService", { email: supportEmail })}</a>
        </p>
      )}
      {/* Always on the page, so screen readers announce what comes into it; no room on screen. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {email.checking ? t("signup.account.checking") : null}
      </p>
      {suggestion && (
        <div className={email.answered ? "suggestion answered" : "suggestion"} role="status">
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
              email.take(suggestion);
            }}
          >
            {suggestion}
          </button>
          ?{email.serverSuggestion === suggestion && <span className="field-help"> {t("signup.account.keepOrFix")}</span>}
        </div>
      )}
      {/* A suggestion that was seen and not taken does not stop the form a second time. */}
      {suggestion && !email.answered && <input type="hidden" name="keepEmail" value={email.email} />}
    </>
  );
}
