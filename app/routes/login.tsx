import { getValibotConstraint } from "@conform-to/valibot";
import { useTranslation } from "~/lib/i18n-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { login } from "~/lib/api/session.server";
import { afterSignup, clearAfterSignupCookie, toastCookie } from "~/lib/cookies.server";
import { getOptionalUser } from "~/lib/auth.server";
import { LoginSchema } from "~/lib/forms/login";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { apiContext } from "~/lib/context";
import { safeRedirect } from "~/lib/redirect";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/login";
import { parseForm } from "~/lib/forms/parse.server";

/** Where a member goes after logging in: a page of this site, never back to /login itself. */
function afterLogin(target: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirect(target);
  return path.startsWith("/login") || path.startsWith("/logout") ? "/home" : path;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Without a redirectTo of its own, the place a visitor was going when sign-up was offered (its
  // "Log in" link leads here): who logs in instead comes back there all the same.
  const redirectTo = afterLogin(new URL(request.url).searchParams.get("redirectTo") ?? afterSignup(request));
  if (await getOptionalUser(context)) throw redirect(redirectTo);
  // Computed here so the browser gets the constraint attributes without the code that derives them.
  return { redirectTo, constraint: getValibotConstraint(LoginSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), LoginSchema);
  if (submission.status !== "success") {
    return formReply(submission.reply({ hideFields: ["password"] }), 400);
  }
  const result = await login(context.get(apiContext), submission.value);
  if (!result.ok)
    return apiErrorReply(submission, result, { own: ["rate_limited", "invalid_credentials"], hideFields: ["password"] });
  // A banned member logs in to read the statement of reasons and to appeal (ADR 030): no welcome.
  if (result.data.user.ban) throw redirect("/pages/ban");
  const target = afterLogin(submission.value.redirectTo);
  const headers = new Headers({
    "Set-Cookie": toastCookie(request, { key: "welcomeBack", values: { name: result.data.user.profile.name } }),
  });
  // The place kept for the end of sign-up is reached now: forgotten, so a later login goes home.
  if (target === afterSignup(request)) headers.append("Set-Cookie", clearAfterSignupCookie(request));
  throw redirect(target, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const siteData = useSite();
  const site = siteData?.name ?? "";
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: LoginSchema, lastResult: actionData?.result, constraint: loaderData.constraint });
  const fields = { email: form.field("email"), password: form.field("password") };
  return (
    <div className="narrow">
      <title>{t("meta.loginTitle", { site })}</title>
      <meta name="description" content={t("meta.loginDescription", { site })} />
      <h1>{t("login.heading", { site })}</h1>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("login.email")}
          inputProps={{ ...inputProps(fields.email, "email"), required: true, autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Field
          label={t("login.password")}
          inputProps={{ ...inputProps(fields.password, "password"), required: true, autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
          {submitting ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      <p>
        <Link to="/reset-password">{t("login.forgotPassword")}</Link>
      </p>
      {siteData?.signupOpen !== false ? (
        <p>
          {t("login.noAccount")}{" "}
          <Link
            to={loaderData.redirectTo === "/home" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
          >
            {t("login.signupLink")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
