import { getValibotConstraint } from "@conform-to/valibot";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { checkResetToken, resetPassword } from "~/lib/api/account.server";
import { toastCookie } from "~/lib/cookies.server";
import { TOO_SHORT_PASSWORD } from "~/lib/forms/fields";
import { NewPasswordSchema } from "~/lib/forms/password";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import type { Route } from "./+types/reset-password-do";
import { parseForm } from "~/lib/forms/parse.server";

/**
 * /reset-password/do?token=… (optional auth): a new password from the mailed link. The link
 * works once, for an hour; on success every other session of the member ends and this browser
 * is logged in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = token === "" ? null : await checkResetToken(context.get(apiContext), token);
  return { token, valid: check?.ok === true && check.data.valid, constraint: getValibotConstraint(NewPasswordSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), NewPasswordSchema);
  const hideFields = ["password", "repeat"];
  if (submission.status !== "success") return formReply(submission.reply({ hideFields }), 400);
  const result = await resetPassword(context.get(apiContext), submission.value.token, submission.value.password);
  if (!result.ok) {
    if (result.error.error === "token_invalid") return formReply(submission.reply({ hideFields }), 410, { expired: true });
    if (result.error.fields?.password === "too_small") {
      return formReply(submission.reply({ hideFields, fieldErrors: { password: [TOO_SHORT_PASSWORD] } }), result.status);
    }
    return apiErrorReply(submission, result, { hideFields });
  }
  throw redirect("/home", { headers: { "Set-Cookie": toastCookie(request, { key: "passwordChanged" }) } });
}

export default function ResetPasswordDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: NewPasswordSchema, lastResult: actionData?.result, constraint: loaderData.constraint });
  if (!loaderData.valid || actionData?.expired) {
    return (
      <div className="narrow">
        <title>{t("resetPassword.invalidTitle")}</title>
        <h1>{t("resetPassword.invalidHeading")}</h1>
        <p>{t("resetPassword.invalidText")}</p>
        <p>
          <Link className="button" to="/reset-password">
            {t("resetPassword.askAgain")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <title>{t("resetPassword.newTitle")}</title>
      <h1>{t("resetPassword.newHeading")}</h1>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields form={form} />
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {t("resetPassword.save")}
        </button>
      </Form>
    </div>
  );
}
