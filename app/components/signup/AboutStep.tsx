/**
 * Sign-up step 5 (and the about-me section of /profile): the site's text fields and interests.
 * Works without JavaScript.
 */
import { Form } from "react-router";
import { ErrorList } from "~/components/Field";
import type { ProfileField } from "../../../contract/schemas";
import { AboutSchema } from "~/lib/forms/signup";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { type FormVariant, PartButtons, PartHeading } from "./PartChrome";
import { FormErrors, type StepActionData } from "./SignupChrome";

interface AboutView {
  notes: ProfileField[];
  personal: Record<string, string>;
  interests: { id: string; name: string }[];
  chosen: string[];
}

export function AboutStep({
  view,
  actionData,
  variant = "signup",
}: {
  view: AboutView;
  actionData: StepActionData;
  variant?: FormVariant;
}) {
  const { t } = useTranslation();
  const form = useForm({
    schema: AboutSchema,
    lastResult: actionData?.result,
    defaultValue: { personal: view.personal, interests: view.chosen },
    lists: ["interests"],
  });
  // What the member sent last (after an error) or what is stored.
  const chosen = form.field("interests").initialValues;
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.about.heading")} body={t("signup.about.body")} />
      <Form method="post" {...form.props} className="stack">
        <FormErrors actionData={actionData} />
        {view.notes.map((note) => {
          if (note.type !== "text") return null;
          const field = form.field(`personal.${note.name}`);
          const errors = field.errors;
          const id = `personal-${note.name}`;
          return (
            <div className="field" key={note.name}>
              <label htmlFor={id}>{note.label}</label>
              <textarea
                id={id}
                name={field.name}
                rows={2}
                maxLength={note.max_length}
                defaultValue={field.initialValue ?? ""}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={errors?.length ? `${id}-error` : undefined}
              />
              <ErrorList id={`${id}-error`} errors={errors} />
            </div>
          );
        })}
        {view.interests.length > 0 && (
          <fieldset className="field interest-list">
            <legend>{t("signup.about.interests")}</legend>
            {view.interests.map((interest) => (
              <label key={interest.id} className="choice">
                <input type="checkbox" name="interests" value={interest.id} defaultChecked={chosen.includes(interest.id)} />
                {interest.name}
              </label>
            ))}
            <ErrorList errors={form.field("interests").errors} />
          </fieldset>
        )}
        <PartButtons variant={variant} save="signup.about.save" intent="about" skip="signup.about.skip" />
      </Form>
    </>
  );
}
