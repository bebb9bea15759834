import { getValibotConstraint } from "@conform-to/valibot";
import { Form, Link, redirect } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FormFields";
import { fileNotice } from "~/lib/api/safety.server";
import { parseForm } from "~/lib/forms/parse.server";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { NoticeSchema } from "~/lib/forms/safety";
import { usePageForm } from "~/lib/forms/use-page-form";
import { inputProps } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { requestLocale } from "~/lib/i18n.server";
import { apiContext } from "~/lib/context";
import { EXPLANATION_MAX, SUBJECT_URL_MAX } from "../../contract/limits";
import { ANONYMOUS_NOTICE_CATEGORY, CASE_REFERENCE, NOTICE_CATEGORIES, NOTICE_SUBJECTS } from "../../contract/rules/moderation";
import type { Route } from "./+types/complaints";

/** The illegal-content categories, then the one for a breach of the terms (an optgroup each). */
const ILLEGAL = NOTICE_CATEGORIES.filter((c) => c !== "terms_violation");

/**
 * /complaints (public; docs/product.md "Trust and safety"): the notice form of DSA art. 16 for
 * anyone. What (a profile, photo or message, by URL or member number), why, an explanation, the
 * notifier's name and address (optional only for child sexual abuse material) and the
 * good-faith statement. Afterwards (?ref=) the page shows the reference; the API mails it too.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ref = url.searchParams.get("reference");
  const subject = (url.searchParams.get("subject") ?? "").slice(0, SUBJECT_URL_MAX);
  const kind = url.searchParams.get("kind");
  return {
    reference: ref && CASE_REFERENCE.test(ref) ? ref : null,
    mailed: url.searchParams.has("mailed"),
    defaults: { subject, subject_kind: NOTICE_SUBJECTS.find((k) => k === kind) ?? "profile" },
    constraint: getValibotConstraint(NoticeSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), NoticeSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const { good_faith: _statement, ...notice } = submission.value;
  const result = await fileNotice(context.get(apiContext), {
    ...notice,
    good_faith: true,
    language: requestLocale(context),
  });
  if (!result.ok) {
    if (result.error.error === "subject_not_found") {
      return formReply(submission.reply({ fieldErrors: { subject: ["errors.subject_not_found"] } }), result.status);
    }
    return apiErrorReply(submission, result, { own: ["rate_limited"] });
  }
  const mailed = notice.email !== "" ? "&mailed=1" : "";
  throw redirect(`/complaints?reference=${encodeURIComponent(result.data.reference)}${mailed}`);
}

export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form, submitting } = usePageForm(NoticeSchema, loaderData, actionData);
  const kind = form.field("subject_kind");
  const subject = form.field("subject");
  const category = form.field("category");
  const explanation = form.field("explanation");
  const name = form.field("name");
  const email = form.field("email");
  const statement = form.field("good_faith");
  if (loaderData.reference) {
    return (
      <div className="narrow safety-page">
        <title>{t("safety.complaints.doneTitle")}</title>
        <h1>{t("safety.complaints.doneTitle")}</h1>
        <div role="status" className="notice-box">
          <p>{t("safety.complaints.done")}</p>
          <p>
            {t("safety.reference")} <strong className="case-reference">{loaderData.reference}</strong>
          </p>
          {loaderData.mailed ? <p className="field-help">{t("safety.complaints.mailed")}</p> : null}
        </div>
        <p>
          <Link to="/complaints">{t("safety.complaints.another")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow safety-page">
      <title>{t("safety.complaints.title")}</title>
      <h1>{t("safety.complaints.heading")}</h1>
      <p>{t("safety.complaints.intro")}</p>
      <Form method="post" {...form.props} className="stack card-surface">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <fieldset className="field choice-group">
          <legend>{t("safety.complaints.what")}</legend>
          {NOTICE_SUBJECTS.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={kind.name}
                value={value}
                required
                defaultChecked={(kind.initialValue ?? "profile") === value}
              />
              {t(`safety.subjects.${value}`)}
            </label>
          ))}
          <ErrorList id={kind.errorId} errors={kind.errors} />
        </fieldset>
        <Field
          label={t("safety.complaints.subject")}
          inputProps={{ ...inputProps(subject, "text"), required: true, maxLength: SUBJECT_URL_MAX, inputMode: "url" }}
          errors={subject.errors}
          help={t("safety.complaints.subjectHelp")}
        />
        <SelectField label={t("safety.complaints.category")} field={category}>
          <option value="">{t("safety.chooseReason")}</option>
          <optgroup label={t("safety.complaints.illegal")}>
            {ILLEGAL.map((value) => (
              <option key={value} value={value}>
                {t(`safety.categories.${value}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("safety.complaints.terms")}>
            <option value="terms_violation">{t("safety.categories.terms_violation")}</option>
          </optgroup>
        </SelectField>
        <TextAreaField
          label={t("safety.complaints.explanation")}
          field={explanation}
          help={t("safety.maxLengthHelp", { max: EXPLANATION_MAX })}
          maxLength={EXPLANATION_MAX}
          required
        />
        <Field
          label={t("safety.complaints.name")}
          inputProps={{ ...inputProps(name, "text"), autoComplete: "name" }}
          errors={name.errors}
        />
        <Field
          label={t("safety.complaints.email")}
          inputProps={{ ...inputProps(email, "email"), autoComplete: "email" }}
          errors={email.errors}
          help={t("safety.complaints.anonymousHelp", { category: t(`safety.categories.${ANONYMOUS_NOTICE_CATEGORY}`) })}
        />
        <div className="field">
          <div className="consent">
            <input
              type="checkbox"
              id={statement.id}
              name={statement.name}
              value="on"
              required
              defaultChecked={statement.initialValue === "on"}
              aria-invalid={statement.errors ? true : undefined}
              aria-describedby={statement.errors ? statement.errorId : undefined}
            />
            <label htmlFor={statement.id}>{t("safety.complaints.goodFaith")}</label>
          </div>
          <ErrorList id={statement.errorId} errors={statement.errors} />
        </div>
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {t("safety.complaints.submit")}
        </button>
      </Form>
    </div>
  );
}
