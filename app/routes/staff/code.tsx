import { Form, redirect, useNavigation } from "react-router";
import { FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { staffMe, staffTotp } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { formText, STAFF_HEADERS, signInError } from "~/lib/staff.server";
import type { Route } from "./+types/code";

/** /staff/code: the second step, the six digits of the authenticator app (a code works once). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await staffMe(context.get(apiContext));
  if (!me?.ok) throw redirect("/staff/login", { headers: STAFF_HEADERS });
  if (me.data.totp_ok) throw redirect("/staff", { headers: STAFF_HEADERS });
  return { email: me.data.staff.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const code = formText(await request.formData(), "code").replace(/\s/g, "");
  if (!/^\d{6}$/.test(code)) return { error: "staff.errors.code" };
  const result = await staffTotp(context.get(apiContext), { code });
  if (!result.ok) {
    const error = result.error.error;
    if (error === "staff_login_required") throw redirect("/staff/login", { headers: STAFF_HEADERS });
    return { error: signInError(error) };
  }
  throw redirect("/staff", { headers: STAFF_HEADERS });
}

export default function StaffCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="staff-narrow staff-panel">
      <PageHeading heading={t("staff.codeHeading")} />
      <p>{t("staff.codeLead", { email: loaderData.email })}</p>
      <Form method="post" className="staff-form">
        <FormAlert error={actionData?.error} />
        <label>
          {t("staff.code")}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            aria-invalid={actionData?.error ? true : undefined}
          />
        </label>
        <button type="submit" disabled={busy}>
          {t("staff.verify")}
        </button>
      </Form>
      <Form method="post" action="/staff/logout">
        <button type="submit" className="staff-button secondary">
          {t("staff.startOver")}
        </button>
      </Form>
    </div>
  );
}
