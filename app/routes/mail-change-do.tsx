import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { checkMailChangeToken, confirmMailChange } from "~/lib/api/account.server";
import { getOptionalUser } from "~/lib/auth.server";
import { toastCookie } from "~/lib/cookies.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import type { Route } from "./+types/mail-change-do";

/**
 * /mail-change/do?token=… (public): the link mailed to a new address. The page asks before it
 * changes anything, so a mail scanner that opens the link changes nothing. The link works once,
 * for 24 hours; the change needs no login (the link may be opened on another device).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = token === "" ? null : await checkMailChangeToken(context.get(apiContext), token);
  return { token, email: check?.ok && check.data.valid ? check.data.email : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  let token = "";
  try {
    token = String((await request.formData()).get("token") ?? "");
  } catch {
    // Not a form: treated as a link without a token.
  }
  const result = await confirmMailChange(context.get(apiContext), token);
  if (!result.ok) {
    const taken = result.error.error === "existing_account_active" || result.error.error === "deleted_account_exists";
    // The new address got an account meanwhile: said on the form; anything else: the link is spent.
    return taken
      ? formReply(formErrors("mailChange.taken"), result.status)
      : formReply(formErrors(), result.status, { expired: true });
  }
  // Logged in here: back to the profile; else to log in with the new address.
  const to = (await getOptionalUser(context)) ? "/profile?part=account#email" : "/login";
  throw redirect(to, {
    headers: { "Set-Cookie": toastCookie(request, { key: "emailChanged", values: { email: result.data.email } }) },
  });
}

export default function MailChangeDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  if (!loaderData.email || actionData?.expired) {
    return (
      <div className="narrow">
        <title>{t("mailChange.invalidTitle")}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("mailChange.invalidHeading")}</h1>
        <p>{t("mailChange.invalidText")}</p>
        <p>
          <Link className="button" to="/profile?part=account#email">
            {t("mailChange.toProfile")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <title>{t("mailChange.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("mailChange.heading")}</h1>
      <p>{t("mailChange.text", { email: loaderData.email })}</p>
      <Form method="post" className="stack">
        <ErrorList id="mail-change-errors" errors={formErrorsOf(actionData)} />
        <input type="hidden" name="token" value={loaderData.token} />
        <div className="step-buttons">
          <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
            {t("mailChange.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
