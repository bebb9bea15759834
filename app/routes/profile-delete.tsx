import { getValibotConstraint } from "@conform-to/valibot";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { deleteAccount } from "~/lib/api/account.server";
import { requestRetentionCode } from "~/lib/api/commerce.server";
import { siteSettings } from "~/lib/api/site.server";
import { DeleteAccountSchema } from "~/lib/forms/account";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import type { Route } from "./+types/profile-delete";
import { parseForm } from "~/lib/forms/parse.server";

/**
 * /profile/delete (login): the confirmation step of deleting an account. It says what goes and
 * what stays, shows the site's retention offer (delete_discount) when it has one, and asks for
 * the password once more. Deleted, the member lands on /account-deleted, logged out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await siteSettings(request, context);
  return { discount: settings.delete_discount, constraint: getValibotConstraint(DeleteAccountSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "stay") {
    // The retention offer becomes the member's own one-time code, applied on /credits.
    const offer = await requestRetentionCode(context.get(apiContext));
    if (!offer.ok) throw redirect("/profile");
    throw redirect(`/credits?code=${encodeURIComponent(offer.data.discount.code)}`);
  }
  const submission = parseForm(formData, DeleteAccountSchema);
  const hideFields = ["password"];
  if (submission.status !== "success") return formReply(submission.reply({ hideFields }), 400);
  const result = await deleteAccount(context.get(apiContext), submission.value.password);
  if (!result.ok)
    return apiErrorReply(submission, result, { own: ["wrong_password", "rate_limited"], field: "password", hideFields });
  // The API's answer ends the session; the root middleware relays its cookie.
  throw redirect("/account-deleted");
}

export default function ProfileDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: DeleteAccountSchema, lastResult: actionData?.result, constraint: loaderData.constraint });
  const password = form.field("password");
  return (
    <div className="narrow">
      <title>{t("deleteAccount.title")}</title>
      <h1>{t("deleteAccount.heading")}</h1>
      {loaderData.discount > 0 && (
        <section className="offer" aria-labelledby="offer-heading">
          <h2 id="offer-heading">{t("deleteAccount.offerHeading", { discount: loaderData.discount })}</h2>
          <p>{t("deleteAccount.offerText", { discount: loaderData.discount })}</p>
          <Form method="post">
            <button type="submit" name="intent" value="stay" className="button">
              {t("deleteAccount.stay", { discount: loaderData.discount })}
            </button>
          </Form>
        </section>
      )}
      <p>{t("deleteAccount.whatHappens")}</p>
      <ul>
        <li>{t("deleteAccount.gone1")}</li>
        <li>{t("deleteAccount.gone2")}</li>
        <li>{t("deleteAccount.gone3")}</li>
        <li>{t("deleteAccount.kept")}</li>
      </ul>
      <p>{t("deleteAccount.again")}</p>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <p>{t("deleteAccount.confirm")}</p>
        <Field
          label={t("deleteAccount.password")}
          inputProps={{ ...inputProps(password, "password"), required: true, autoComplete: "current-password" }}
          errors={password.errors}
        />
        <div className="step-buttons">
          <button type="submit" className="button danger" disabled={submitting} aria-busy={submitting}>
            {t("deleteAccount.submit")}
          </button>
          <Link className="button secondary" to="/profile?part=account#data">
            {t("deleteAccount.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
