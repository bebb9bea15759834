import { Form, redirect, useNavigation } from "react-router";
import { FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { staffLogin, staffMe } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { formText, STAFF_HEADERS, signInError } from "~/lib/staff.server";
import type { Route } from "./+types/login";

/** /staff/login: the first step, email and password (docs/product.md "Moderation"). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await staffMe(context.get(apiContext));
  if (me?.ok) throw redirect(me.data.totp_ok ? "/staff" : "/staff/code", { headers: STAFF_HEADERS });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = formText(form, "email").trim();
  const password = formText(form, "password");
  if (!email || !password) return { error: "staff.errors.fields", email };
  const result = await staffLogin(context.get(apiContext), { email, password });
  if (!result.ok) return { error: signInError(result.error.error), email };
  throw redirect("/staff/code", { headers: STAFF_HEADERS });
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="staff-narrow staff-panel">
      <PageHeading heading={t("staff.loginHeading")} />
      <Form method="post" className="staff-form">
        <FormAlert error={actionData?.error} />
        <label>
          {t("staff.email")}
          <input
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={actionData?.email ?? ""}
          />
        </label>
        <label>
          {t("staff.password")}
          <input name="password" type="password" autoComplete="current-password" required maxLength={1000} />
        </label>
        <button type="submit" disabled={busy}>
          {t("staff.continue")}
        </button>
      </Form>
    </div>
  );
}
