/**
 * The account parts of /profile (issue 4): the email address, push notifications, the language,
 * and the member's data (download, delete). Each is a plain form that works without
 * JavaScript, except turning push on, which only a browser's script can do.
 */
import { useEffect, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { CheckedEmailField, useCheckedEmail } from "~/components/CheckedEmailField";
import { ErrorList, Field } from "~/components/Field";
import { LanguageSwitcher } from "~/components/LanguageSwitcher";
import { Busy, type StepActionData } from "~/components/signup/SignupChrome";
import { MailChangeSchema } from "~/lib/forms/account";
import { formErrorsOf } from "~/lib/forms/reply";
import { inputProps, useForm, type FieldConstraint } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { PushSupport } from "../../../contract/rules/signup-steps";

/** The push client, loaded after the page is up (it only acts on the member's press). */
const pushClient = () => import("~/lib/client/push");

export function EmailChange({
  email,
  confirmed,
  constraint,
  actionData,
}: {
  email: string;
  confirmed: boolean;
  constraint: Record<string, FieldConstraint>;
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: MailChangeSchema, lastResult: actionData?.result, constraint });
  const newEmail = useCheckedEmail(form, "email", actionData?.suggestion, email);
  const password = form.field("password");
  const blocked = form.hydrated && (submitting || newEmail.errors.length > 0 || form.hasErrors);
  return (
    <>
      <h2 id="email-heading">{t("profile.email.heading")}</h2>
      <p>
        {t("profile.email.current")} <strong>{email}</strong>
        {confirmed ? null : <span className="badge">{t("profile.email.notConfirmed")}</span>}
      </p>
      <p className="field-help">{t("profile.email.how")}</p>
      <Form method="post" {...form.props} onSubmit={newEmail.onSubmit} className="stack">
        {/* Enter sends the form (this first submit button), not the did-you-mean button. */}
        <button
          type="submit"
          name="intent"
          value="email"
          className="default-submit"
          tabIndex={-1}
          aria-hidden="true"
          disabled={blocked}
        />
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <CheckedEmailField email={newEmail} label={t("profile.email.new")} accountLinks={false} />
        <Field
          label={t("profile.currentPassword")}
          inputProps={{ ...inputProps(password, "password"), required: true, autoComplete: "current-password" }}
          errors={password.errors}
        />
        <div className="step-buttons">
          <button type="submit" name="intent" value="email" className="button" disabled={blocked} aria-busy={submitting}>
            {t("profile.email.submit")}
          </button>
        </div>
      </Form>
    </>
  );
}

/**
 * Which kinds of push the member wants (issue 14): a plain form of three checkboxes, so it works
 * without JavaScript; the API sends no push of a kind switched off.
 */
export function PushKinds({
  kinds,
  actionData,
}: {
  kinds: { messages: boolean; likes: boolean; news: boolean };
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const choices = [
    { name: "messages", label: t("profile.push.kinds.messages"), on: kinds.messages },
    { name: "likes", label: t("profile.push.kinds.likes"), on: kinds.likes },
    { name: "news", label: t("profile.push.kinds.news"), on: kinds.news },
  ];
  return (
    <Form method="post" id="push-kinds" className="stack" preventScrollReset>
      <ErrorList id="push-kinds-errors" errors={formErrorsOf(actionData)} />
      <fieldset className="field interest-list" aria-describedby="push-kinds-help">
        <legend>{t("profile.push.kinds.legend")}</legend>
        {choices.map((choice) => (
          <label key={choice.name} className="choice">
            <input type="checkbox" name={choice.name} value="on" defaultChecked={choice.on} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <p id="push-kinds-help" className="field-help">
        {t("profile.push.kinds.help")}
      </p>
      <div className="step-buttons">
        <button type="submit" name="intent" value="push-kinds" className="button secondary" disabled={submitting}>
          {t("profile.push.kinds.save")}
        </button>
      </div>
    </Form>
  );
}

/**
 * Who sees the member's profile (docs/product.md "Visibility across sites"): this site only, or
 * every site of the network that covers the member's country; and advertisements, off until the
 * member turns them on. Two checkboxes in a plain form, so it works without JavaScript.
 */
export function VisibilitySetting({
  visibility,
  siteName,
  otherSites,
  actionData,
}: {
  visibility: { only_this_site: boolean; promote: boolean; verified_writers_only: boolean };
  siteName: string;
  otherSites: string[];
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <h2 id="visibility-heading">{t("visibility.heading")}</h2>
      <Form method="post" id="visibility-form" className="stack" preventScrollReset>
        <ErrorList id="visibility-errors" errors={formErrorsOf(actionData)} />
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              name="only_this_site"
              value="on"
              defaultChecked={visibility.only_this_site}
              aria-describedby={otherSites.length > 0 ? "only-this-site-help" : undefined}
            />
            {t("visibility.onlyThisSite", { site: siteName })}
          </label>
          {otherSites.length > 0 ? (
            <p id="only-this-site-help" className="field-help">
              {t("visibility.onlyThisSiteHelp", { sites: otherSites.join(", ") })}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              name="promote"
              value="on"
              defaultChecked={visibility.promote}
              aria-describedby="promote-help"
            />
            {t("visibility.promote")}
          </label>
          <p id="promote-help" className="field-help">
            {t("visibility.promoteHelp")}
          </p>
        </div>
        <div className="field">
          <input type="hidden" name="verified_writers_shown" value="1" />
          <label className="choice">
            <input
              type="checkbox"
              name="verified_writers_only"
              value="on"
              defaultChecked={visibility.verified_writers_only}
              aria-describedby="verified-writers-help"
            />
            {t("verification.writersOnly")}
          </label>
          <p id="verified-writers-help" className="field-help">
            {t("verification.writersOnlyHint")}
          </p>
        </div>
        <div className="step-buttons">
          <button type="submit" name="intent" value="visibility" className="button secondary" disabled={submitting}>
            {t("visibility.save")}
          </button>
        </div>
      </Form>
    </>
  );
}

/**
 * Push on the account: "subscribed" (some device gets notifications), "denied" (turned off or
 * refused) or null (never asked). Turning off is a form; turning on needs this browser's script.
 */
export function PushSetting({
  state,
  publicKey,
  failed,
}: {
  state: "subscribed" | "denied" | null;
  publicKey: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState(failed);
  useEffect(() => {
    void pushClient()
      .then((push) => push.detectPushSupport())
      .then(({ support }) => setSupport(support));
  }, []);

  const turnOn = async () => {
    setAsking(true);
    setRefused(false);
    const result = await pushClient().then((push) => push.subscribePush(publicKey));
    setAsking(false);
    if (result === null || result === "denied") {
      setRefused(true);
      if (result === "denied") setSupport("denied");
      return;
    }
    await submit({ intent: "push", subscription: JSON.stringify(result) }, { method: "post", preventScrollReset: true });
  };

  const on = state === "subscribed";
  return (
    <>
      <h2 id="push-heading">{t("profile.push.heading")}</h2>
      <p>{on ? t("profile.push.on") : t("profile.push.off")}</p>
      {refused && (
        <p className="error-list" role="alert">
          {t("profile.push.failed")}
        </p>
      )}
      {on ? (
        <Form
          method="post"
          className="step-buttons"
          preventScrollReset
          onSubmit={() => {
            // This browser stops too, not only the account's list of devices.
            void pushClient().then((push) => push.unsubscribePush());
          }}
        >
          <button type="submit" name="intent" value="push-off" className="button secondary">
            {t("profile.push.turnOff")}
          </button>
        </Form>
      ) : support === null ? (
        // In the server's HTML and without JavaScript: the button cannot work yet.
        <p className="field-help">{t("profile.push.needsScript")}</p>
      ) : support === "unsupported" ? (
        <p className="field-help">{t("profile.push.unsupported")}</p>
      ) : support === "denied" ? (
        <p className="field-help">{t("profile.push.blocked")}</p>
      ) : (
        <div className="step-buttons">
          <button type="button" className="button" onClick={() => void turnOn()} disabled={asking}>
            {t("profile.push.turnOn")}
          </button>
          {asking && <Busy label={t("signup.push.asking")} />}
        </div>
      )}
    </>
  );
}

export function LanguageSetting() {
  const { t } = useTranslation();
  return (
    <>
      <h2 id="language-heading">{t("profile.language.heading")}</h2>
      <p className="field-help">{t("profile.language.help")}</p>
      <LanguageSwitcher id="profile-language" returnTo="/profile?part=account#language" />
    </>
  );
}

export function YourData() {
  const { t } = useTranslation();
  return (
    <>
      <h2 id="data-heading">{t("profile.data.heading")}</h2>
      <p>{t("profile.data.exportText")}</p>
      <p>
        {/* A plain download: the JSON comes with a file name, no script needed. */}
        <a href="/profile/data" download className="button secondary">
          {t("profile.data.export")}
        </a>
      </p>
      <p>{t("profile.data.deleteText")}</p>
      <p>
        <Link to="/profile/delete" className="button danger">
          {t("profile.data.delete")}
        </Link>
      </p>
    </>
  );
}
