import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { checkRescueToken, rescueAccount } from "~/lib/api/account.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import type { Route } from "./+types/account-rescue";

/**
 * /account-rescue?token=… (public; docs/product.md "Account lifecycle"): the "This was not me"
 * link mailed after an email or password change. The page asks before it changes anything (a
 * mail scanner that opens the link changes nothing); the form's post restores the old address,
 * ends every session and mails a link to set a new password, then says so
 * (/account-rescue?done=…). No login needed: the owner may be locked out.
 */
type Kind = "email_change" | "password_change";
const isKind = (value: string | null): value is Kind => value === "email_change" || value === "password_change";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  if (isKind(done)) return { token: "", kind: null, done };
  const token = url.searchParams.get("token") ?? "";
  const check = token === "" ? null : await checkRescueToken(context.get(apiContext), token);
  return { token, kind: check?.ok && check.data.valid ? check.data.kind : null, done: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  let token = "";
  try {
    token = String((await request.formData()).get("token") ?? "");
  } catch {
    // Not a form: treated as a link without a token.
  }
  const result = await rescueAccount(context.get(apiContext), token);
  if (!result.ok) {
    if (result.error.error === "rescue_email_taken") return formReply(formErrors("accountRescue.emailTaken"), 409);
    if (result.status >= 500) return formReply(formErrors("errors.generic"), result.status);
    // Used, expired, forged: the link is spent.
    return formReply(formErrors(), 410, { expired: true });
  }
  throw redirect(`/account-rescue?done=${result.data.kind}`);
}

export default function AccountRescue({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const { done, kind, token } = loaderData;
  if (done) {
    return (
      <div className="narrow">
        <title>{t("accountRescue.doneTitle")}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("accountRescue.doneHeading")}</h1>
        <p role="status">{t(done === "email_change" ? "accountRescue.doneEmail" : "accountRescue.donePassword")}</p>
        <p>{t("accountRescue.doneSessions")}</p>
        <p>{t("accountRescue.doneNext")}</p>
        <p>
          <Link to="/reset-password">{t("accountRescue.toReset")}</Link>
        </p>
      </div>
    );
  }
  if (!kind || actionData?.expired) {
    return (
      <div className="narrow">
        <title>{t("accountRescue.invalidTitle")}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("accountRescue.invalidHeading")}</h1>
        <p>{t("accountRescue.invalidText")}</p>
        <p>
          <Link className="button" to="/reset-password">
            {t("accountRescue.toReset")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <title>{t("accountRescue.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("accountRescue.heading")}</h1>
      <p>{t(kind === "email_change" ? "accountRescue.textEmail" : "accountRescue.textPassword")}</p>
      <Form method="post" className="stack">
        <ErrorList id="account-rescue-errors" errors={formErrorsOf(actionData)} />
        <input type="hidden" name="token" value={token} />
        <div className="step-buttons">
          <button type="submit" className="button danger" disabled={submitting} aria-busy={submitting}>
            {t("accountRescue.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
