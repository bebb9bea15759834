import { Field } from "~/components/Field";
import { inputProps, type Form } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";

/** A new password and the same again (reset by mail, change on /profile). */
export function NewPasswordFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const password = form.field("password");
  const repeat = form.field("repeat");
  return (
    <>
      <Field
        label={t("resetPassword.newPassword")}
        inputProps={{ ...inputProps(password, "password"), required: true, autoComplete: "new-password" }}
        errors={password.errors}
        help={t("resetPassword.rules")}
      />
      <Field
        label={t("resetPassword.repeat")}
        inputProps={{ ...inputProps(repeat, "password"), autoComplete: "new-password" }}
        errors={repeat.errors}
      />
    </>
  );
}
