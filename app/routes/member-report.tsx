import { getValibotConstraint } from "@conform-to/valibot";
import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FormFields";
import { BlockForm } from "~/components/safety/SafetyFields";
import { fetchProfile } from "~/lib/api/discover.server";
import { reportMember } from "~/lib/api/safety.server";
import { parseForm } from "~/lib/forms/parse.server";
import { apiErrorReply, formReply } from "~/lib/forms/reply.server";
import { ReportSchema } from "~/lib/forms/safety";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { apiFailurePage, notFound } from "~/lib/page-errors.server";
import { EXPLANATION_MAX } from "../../contract/limits";
import { CASE_REFERENCE, REPORT_CATEGORIES, type ReportCategory } from "../../contract/rules/moderation";
import type { Route } from "./+types/member-report";

/** An id of the query string (?chat=, ?message=), when it is a plausible one. */
function idParam(request: Request, name: string): number | undefined {
  const id = Number(new URL(request.url).searchParams.get(name));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The conversation a report comes from (?chat=). */
const chatOf = (request: Request) => idParam(request, "chat");

/** The message a report is about (?message=, with ?chat=: "Does this bother you?", ADR 057). */
const messageOf = (request: Request) => (chatOf(request) ? idParam(request, "message") : undefined);

/** The reason chosen beforehand (?category=harassment from "Does this bother you?"), when it is one of the list. */
function categoryOf(request: Request): ReportCategory | null {
  const category = new URL(request.url).searchParams.get("category");
  return REPORT_CATEGORIES.find((name) => name === category) ?? null;
}

/**
 * /members/:memberId/report (login; docs/product.md "Trust and safety"): report a member for the
 * moderation queue, from their page or from a chat (?chat=), or about one message of it
 * (?message=, with ?category= chosen: "Does this bother you?", ADR 057). Afterwards (?reference=)
 * the page shows the reference and offers to block the member too.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound({ request, context });
  const result = await fetchProfile(context.get(apiContext), id);
  if (!result.ok) return apiFailurePage(result, { request, context });
  const ref = new URL(request.url).searchParams.get("reference");
  return {
    member: { id: result.data.profile.id, name: result.data.profile.name },
    chat: chatOf(request) ?? null,
    message: messageOf(request) ?? null,
    category: categoryOf(request),
    reference: ref && CASE_REFERENCE.test(ref) ? ref : null,
    constraint: getValibotConstraint(ReportSchema),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound({ request, context });
  const submission = parseForm(await request.formData(), ReportSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const conversation = chatOf(request);
  const message = messageOf(request);
  const result = await reportMember(context.get(apiContext), {
    profile: id,
    category: submission.value.category,
    explanation: submission.value.explanation,
    ...(conversation ? { conversation } : {}),
    ...(message ? { message } : {}),
  });
  if (!result.ok) {
    if (result.status === 404) return apiFailurePage(result, { request, context });
    return apiErrorReply(submission, result, { own: ["rate_limited", "cannot_report_self"] });
  }
  // Post/redirect/get: a reload shows the confirmation, it does not report again.
  throw redirect(`/members/${id}/report?reference=${encodeURIComponent(result.data.reference)}`);
}

export default function MemberReport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { member, chat, reference } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const form = useForm({
    schema: ReportSchema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.category ? { category: loaderData.category } : undefined,
  });
  const category = form.field("category");
  const explanation = form.field("explanation");
  const back = chat ? `/chats/${chat}` : `/members/${member.id}`;
  if (reference) {
    return (
      <div className="narrow safety-page">
        <title>{t("safety.report.doneTitle")}</title>
        <h1>{t("safety.report.doneTitle")}</h1>
        <div role="status" className="notice-box">
          <p>{t("safety.report.done", { name: member.name })}</p>
          <p>
            {t("safety.reference")} <strong className="case-reference">{reference}</strong>
          </p>
        </div>
        <section className="card-surface stack" aria-labelledby="also-block">
          <h2 id="also-block">{t("safety.report.alsoBlockHeading", { name: member.name })}</h2>
          <p>{t("safety.block.hint")}</p>
          <div className="safety-actions">
            <BlockForm memberId={member.id} name={member.name} block className="button" />
            <Link className="button secondary" to={back}>
              {t("safety.report.notNow")}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return (
    <div className="narrow safety-page">
      <title>{t("safety.report.title", { name: member.name })}</title>
      <h1>{t("safety.report.title", { name: member.name })}</h1>
      <p>{t("safety.report.intro", { name: member.name })}</p>
      {chat ? <p className="muted">{t("safety.report.fromChat", { name: member.name })}</p> : null}
      <Form method="post" {...form.props} className="stack card-surface">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <SelectField label={t("safety.report.category")} field={category}>
          <option value="">{t("safety.chooseReason")}</option>
          {REPORT_CATEGORIES.map((name) => (
            <option key={name} value={name}>
              {t(`safety.categories.${name}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t("safety.report.explanation")}
          field={explanation}
          help={t("safety.explanationHelp", { max: EXPLANATION_MAX })}
          maxLength={EXPLANATION_MAX}
        />
        <div className="safety-actions">
          <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
            {t("safety.report.submit")}
          </button>
          <Link className="button secondary" to={back}>
            {t("safety.cancel")}
          </Link>
        </div>
      </Form>
      <p className="muted small-print">
        {t("safety.report.illegalHint")} <Link to="/complaints">{t("safety.complaints.link")}</Link>
      </p>
    </div>
  );
}
