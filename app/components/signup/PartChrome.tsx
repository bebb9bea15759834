/**
 * What sign-up steps 3 to 5 share with /profile, where the same forms are sections: the heading
 * and the save (or continue-without) buttons, which differ between the two.
 */
import { useNavigation } from "react-router";
import type { FieldConstraint } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { MessageKey } from "../../../contract/translator";
import { StepButtons } from "./SignupChrome";

/** A form's field constraints (from its schema), passed in by the loader. */
export type Constraint = Record<string, FieldConstraint> | undefined;

/** The same forms serve sign-up (a step: a page heading, save or continue without) and /profile (a section). */
export type FormVariant = "signup" | "profile";

export function PartHeading({ variant, heading, body }: { variant: FormVariant; heading: string; body: string }) {
  if (variant === "profile") return <h2>{heading}</h2>;
  return (
    <>
      <h1>{heading}</h1>
      <p>{body}</p>
    </>
  );
}

export function PartButtons({
  variant,
  save,
  intent,
  skip,
}: {
  variant: FormVariant;
  save: MessageKey;
  intent: string;
  skip: MessageKey;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  if (variant === "signup") return <StepButtons save={save} intent={intent} skip={skip} />;
  return (
    <div className="step-buttons">
      <button type="submit" name="intent" value={intent} className="button" disabled={submitting} aria-busy={submitting}>
        {t("profile.save")}
      </button>
    </div>
  );
}
