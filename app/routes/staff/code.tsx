import { Form, redirect, useNavigation } from "react-router";
import { errorProps, FieldError, FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { staffMe, staffTotp } from "~/lib/api/staff.server";
import { parseForm } from "~/lib/forms/parse.server";
import { StaffCodeSchema } from "~/lib/forms/staff";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { staffApiReply, staffFormReply } from "~/lib/staff-forms.server";
import { STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/code";

/** /staff/code: the second step, the six digits of the authenticator app (a code works once). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await staffMe(context.get(apiContext));
  if (!me?.ok) throw redirect("/staff/login", { headers: STAFF_HEADERS });
  if (me.data.totp_ok) throw redirect("/staff", { headers: STAFF_HEADERS });
  return { email: me.data.staff.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), StaffCodeSchema);
  // A code is not given back: it works once, and the next one is typed anew.
  if (submission.status !== "success") return staffFormReply(submission.reply({ hideFields: ["code"] }), 400);
  const result = await staffTotp(context.get(apiContext), submission.value);
  if (!result.ok) {
    if (result.error.error === "staff_login_required") throw redirect("/staff/login", { headers: STAFF_HEADERS });
    return staffApiReply(submission, result, ["code"]);
  }
  throw redirect("/staff", { headers: STAFF_HEADERS });
}

export default function StaffCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = useForm({ schema: StaffCodeSchema, lastResult: actionData?.result });
  const code = form.field("code");
  const formError = form.formErrors?.[0];
  return (
    <div className="staff-narrow staff-panel">
      <PageHeading heading={t("staff.codeHeading")} />
      <p>{t("staff.codeLead", { email: loaderData.email })}</p>
      <Form method="post" className="staff-form" {...form.props}>
        <FormAlert error={formError} />
        <label>
          {t("staff.code")}
          <input
            name={code.name}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            required
            {...errorProps(code)}
            aria-invalid={code.errors || formError ? true : undefined}
          />
          <FieldError id={code.errorId} error={code.errors?.[0]} />
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
