/**
 * Sign-up step 4 (and the personal-info section of /profile): gender, whom the member is
 * interested in (the gender their search starts with), date of birth and the site's select
 * fields. Works without JavaScript.
 */
import { Form } from "react-router";
import { ErrorList } from "~/components/Field";
import type { ProfileField } from "../../../contract/schemas";
import { PersonalInfoSchema } from "~/lib/forms/signup";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { MAX_AGE, MIN_AGE } from "../../../contract/limits";
import { INTERESTED_IN } from "../../../contract/rules/genders";
import { type FormVariant, PartButtons, PartHeading } from "./PartChrome";
import { FormErrors, type StepActionData } from "./SignupChrome";
import { dateTimeFormat } from "~/lib/format";

interface PersonalInfoView {
  gender: string;
  interestedIn: string;
  dob: { year: string; month: string; day: string };
  selects: ProfileField[];
  values: Record<string, string>;
  thisYear: number;
}

export function PersonalInfoStep({
  view,
  actionData,
  variant = "signup",
}: {
  view: PersonalInfoView;
  actionData: StepActionData;
  variant?: FormVariant;
}) {
  const { t, locale } = useTranslation();
  const form = useForm({
    schema: PersonalInfoSchema,
    lastResult: actionData?.result,
    defaultValue: {
      gender: view.gender,
      interested_in: view.interestedIn,
      dobDay: view.dob.day,
      dobMonth: view.dob.month,
      dobYear: view.dob.year,
      fields: view.values,
    },
  });
  const fields = {
    gender: form.field("gender"),
    interestedIn: form.field("interested_in"),
    dobDay: form.field("dobDay"),
    dobMonth: form.field("dobMonth"),
    dobYear: form.field("dobYear"),
  };
  const months = Array.from({ length: 12 }, (_, i) =>
    dateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, i, 1))),
  );
  // docs/product.md §9: the picker covers ages 18 to 100.
  const years = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => view.thisYear - MIN_AGE - i);
  const dobErrors = fields.dobDay.errors;
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.personal.heading")} body={t("signup.personal.body")} />
      <Form method="post" {...form.props} className="stack">
        <FormErrors actionData={actionData} />
        <fieldset className="field choice-group">
          <legend>{t("signup.personal.gender")}</legend>
          {(["female", "male"] as const).map((gender) => (
            <label key={gender} className="choice">
              <input
                type="radio"
                name={fields.gender.name}
                value={gender}
                defaultChecked={fields.gender.initialValue === gender}
              />
              {t(`signup.personal.${gender}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field choice-group">
          <legend>{t("signup.personal.interestedIn.legend")}</legend>
          {INTERESTED_IN.map((choice) => (
            <label key={choice} className="choice">
              <input
                type="radio"
                name={fields.interestedIn.name}
                value={choice}
                defaultChecked={fields.interestedIn.initialValue === choice}
              />
              {t(`signup.personal.interestedIn.${choice}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field" aria-describedby={dobErrors?.length ? "dob-errors" : "dob-help"}>
          <legend>{t("signup.personal.dateOfBirth")}</legend>
          <div className="date-parts">
            <select
              name={fields.dobDay.name}
              defaultValue={fields.dobDay.initialValue ?? ""}
              aria-label={t("signup.personal.day")}
              aria-invalid={dobErrors?.length ? true : undefined}
            >
              <option value="">{t("signup.personal.day")}</option>
              {Array.from({ length: 31 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <select
              name={fields.dobMonth.name}
              defaultValue={fields.dobMonth.initialValue ?? ""}
              aria-label={t("signup.personal.month")}
            >
              <option value="">{t("signup.personal.month")}</option>
              {months.map((month, i) => (
                <option key={month} value={i + 1}>
                  {month}
                </option>
              ))}
            </select>
            <select
              name={fields.dobYear.name}
              defaultValue={fields.dobYear.initialValue ?? ""}
              aria-label={t("signup.personal.year")}
            >
              <option value="">{t("signup.personal.year")}</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          <p className="field-help" id="dob-help">
            {t("signup.personal.ageOnly")}
          </p>
          <ErrorList id="dob-errors" errors={dobErrors} />
        </fieldset>
        {view.selects.map((field) =>
          field.type === "select" ? (
            <div className="field" key={field.name}>
              <label htmlFor={`field-${field.name}`}>{field.label}</label>
              <select
                id={`field-${field.name}`}
                name={`fields.${field.name}`}
                defaultValue={form.field(`fields.${field.name}`).initialValue ?? ""}
              >
                <option value="">{t("signup.personal.noAnswer")}</option>
                {field.allowed_values.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <ErrorList errors={form.field(`fields.${field.name}`).errors} />
            </div>
          ) : null,
        )}
        <PartButtons variant={variant} save="signup.personal.save" intent="personal" skip="signup.personal.skip" />
      </Form>
    </>
  );
}
