import { getValibotConstraint } from "@conform-to/valibot";
import { Form, Link, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { requestPasswordReset } from "~/lib/api/account.server";
import { ResetRequestSchema } from "~/lib/forms/password";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import type { Route } from "./+types/reset-password";
import { parseForm } from "~/lib/forms/parse.server";

/**
 * /reset-password (optional auth): ask for a reset link. The answer is the same whether or not
 * the address has an account, so the page tells nobody who is a member.
 */
export function loader() {
  return { constraint: getValibotConstraint(ResetRequestSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), ResetRequestSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const result = await requestPasswordReset(context.get(apiContext), submission.value.email);
  if (!result.ok) return apiErrorReply(submission, result, { own: ["rate_limited"] });
  return formReply({ status: "success" }, 200, { sentTo: submission.value.email });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: ResetRequestSchema, lastResult: actionData?.result, constraint: loaderData.constraint });
  const email = form.field("email");
  return (
    <div className="narrow">
      <title>{t("resetPassword.title")}</title>
      <h1>{t("resetPassword.heading")}</h1>
      {actionData?.sentTo ? (
        <div role="status" className="notice-box">
          <p>{t("resetPassword.sent", { email: actionData.sentTo })}</p>
          <p className="field-help">{t("resetPassword.sentHelp")}</p>
        </div>
      ) : (
        <>
          <p>{t("resetPassword.intro")}</p>
          <Form method="post" {...form.props} className="stack">
            <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
            <Field
              label={t("login.email")}
              inputProps={{ ...inputProps(email, "email"), required: true, autoComplete: "email" }}
              errors={email.errors}
            />
            <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
              {t("resetPassword.submit")}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to="/login">{t("resetPassword.backToLogin")}</Link>
      </p>
    </div>
  );
}
