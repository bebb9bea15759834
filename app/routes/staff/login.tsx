import { Form, redirect, useNavigation } from "react-router";
import { FieldError, FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { staffLogin, staffMe } from "~/lib/api/staff.server";
import { parseForm } from "~/lib/forms/parse.server";
import { StaffLoginSchema } from "~/lib/forms/staff";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { staffApiReply, staffFormReply } from "~/lib/staff-forms.server";
import { STAFF_HEADERS } from "~/lib/staff.server";
import { EMAIL_MAX, PASSWORD_MAX } from "../../../contract/limits";
import type { Route } from "./+types/login";

/** /staff/login: the first step, email and password (docs/product.md "Moderation"). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await staffMe(context.get(apiContext));
  if (me?.ok) throw redirect(me.data.totp_ok ? "/staff" : "/staff/code", { headers: STAFF_HEADERS });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), StaffLoginSchema);
  if (submission.status !== "success") return staffFormReply(submission.reply({ hideFields: ["password"] }), 400);
  const result = await staffLogin(context.get(apiContext), submission.value);
  if (!result.ok) return staffApiReply(submission, result, ["password"]);
  throw redirect("/staff/code", { headers: STAFF_HEADERS });
}

export default function StaffLogin({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const form = useForm({ schema: StaffLoginSchema, lastResult: actionData?.result });
  const email = form.field("email");
  const password = form.field("password");
  return (
    <div className="staff-narrow staff-panel">
      <PageHeading heading={t("staff.loginHeading")} />
      <Form method="post" className="staff-form" {...form.props}>
        <FormAlert error={form.formErrors?.[0]} />
        <label>
          {t("staff.email")}
          <input
            name={email.name}
            type="email"
            autoComplete="username"
            required
            maxLength={EMAIL_MAX}
            defaultValue={email.initialValue ?? ""}
            aria-invalid={email.errors ? true : undefined}
            aria-describedby={email.errors ? email.errorId : undefined}
          />
          <FieldError id={email.errorId} error={email.errors?.[0]} />
        </label>
        <label>
          {t("staff.password")}
          <input
            name={password.name}
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            aria-invalid={password.errors ? true : undefined}
            aria-describedby={password.errors ? password.errorId : undefined}
          />
          <FieldError id={password.errorId} error={password.errors?.[0]} />
        </label>
        <button type="submit" disabled={busy}>
          {t("staff.continue")}
        </button>
      </Form>
    </div>
  );
}
