import { getValibotConstraint } from "@conform-to/valibot";
import { Form, redirect } from "react-router";
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, type SupportTopic } from "../../contract/rules/support";
import { Blocks, InlineText } from "~/components/ContentText";
import { ErrorList, Field } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FormFields";
import { sendSupportMessage } from "~/lib/api/support.server";
import { getOptionalUser } from "~/lib/auth.server";
import { loadContent } from "~/lib/content.server";
import { apiFieldMessage, rateLimited } from "~/lib/forms/fields";
import { parseForm } from "~/lib/forms/parse.server";
import { formReply } from "~/lib/forms/reply.server";
import { SupportSchema } from "~/lib/forms/support";
import { usePageForm } from "~/lib/forms/use-page-form";
import { inputProps } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { InfoPage } from "~/components/InfoPage";
import type { Route } from "./+types/pages.service";

const isTopic = (value: string | null): value is SupportTopic => (SUPPORT_TOPICS as readonly (string | null)[]).includes(value);

/**
 * /pages/service (public): customer service. The support address and phone (the site's company
 * details), and a form that mails support (POST /api/support.php). A member's name and address
 * are filled in; ?topic=safety (the ban page's appeal link, say) picks the topic. After sending:
 * post/redirect/get to ?sent=<reference>.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, values } = await loadContent(request, context, "service");
  const user = await getOptionalUser(context);
  const url = new URL(request.url);
  const topic = url.searchParams.get("topic");
  const sent = url.searchParams.get("sent");
  return {
    content,
    email: values.email,
    phone: values.phone,
    constraint: getValibotConstraint(SupportSchema),
    defaults: { name: user?.profile.name ?? "", email: user?.email ?? "", topic: isTopic(topic) ? topic : "" },
    sent: sent && /^S[0-9A-Z]{4,20}$/.test(sent) ? sent : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), SupportSchema);
  if (submission.status !== "success") return formReply(submission.reply(), 400);
  const result = await sendSupportMessage(context.get(apiContext), submission.value);
  if (result.ok) throw redirect(`/pages/service?sent=${encodeURIComponent(result.data.reference)}#sent`);
  if (result.error.error === "rate_limited") {
    return formReply(submission.reply({ formErrors: [rateLimited(result.error.retry_after)] }), 429);
  }
  const fields = result.error.fields ?? {};
  const fieldErrors = Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field in submission.value)
      .map(([field, code]) => [field, [apiFieldMessage(field, code)]]),
  );
  return formReply(
    submission.reply(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: ["errors.generic"] }),
    result.status,
  );
}

export default function Service({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { content } = loaderData;
  const strings = content.strings ?? {};
  const { form, submitting } = usePageForm(SupportSchema, loaderData, actionData);
  const name = form.field("name");
  const email = form.field("email");
  const topic = form.field("topic");
  const message = form.field("message");
  return (
    <InfoPage content={content}>
      <div className="legal-text">
        <Blocks blocks={content.intro} />
      </div>
      <section className="service-contact" aria-labelledby="service-contact-heading">
        <h2 id="service-contact-heading">{strings.contactHeading}</h2>
        <dl className="service-channels">
          <div>
            <dt>{t("pages.emailLabel")}</dt>
            <dd>
              <a href={`mailto:${loaderData.email}`}>{loaderData.email}</a>
            </dd>
          </div>
          {loaderData.phone ? (
            <div>
              <dt>{t("pages.phoneLabel")}</dt>
              <dd>
                <a href={`tel:${loaderData.phone.replace(/[^\d+]/g, "")}`}>{loaderData.phone}</a>
              </dd>
            </div>
          ) : null}
        </dl>
        {strings.hours ? (
          <p className="muted">
            <InlineText text={strings.hours} />
          </p>
        ) : null}
      </section>
      <section className="service-form" aria-labelledby="service-form-heading">
        <h2 id="service-form-heading">{strings.formHeading}</h2>
        {loaderData.sent ? (
          <div role="status" id="sent" className="notice-box success">
            <p>{t("service.sent")}</p>
            <p className="field-help">{t("service.reference", { reference: loaderData.sent })}</p>
          </div>
        ) : null}
        {strings.formIntro ? <p>{strings.formIntro}</p> : null}
        <Form method="post" {...form.props} className="stack">
          <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
          <Field
            label={t("service.name")}
            inputProps={{ ...inputProps(name, "text"), required: true, autoComplete: "name" }}
            errors={name.errors}
          />
          <Field
            label={t("service.email")}
            inputProps={{ ...inputProps(email, "email"), required: true, autoComplete: "email" }}
            errors={email.errors}
            help={t("service.emailHelp")}
          />
          <SelectField label={t("service.topic")} field={topic} defaultValue={loaderData.defaults.topic}>
            <option value="" disabled>
              {t("service.topicChoose")}
            </option>
            {SUPPORT_TOPICS.map((value) => (
              <option key={value} value={value}>
                {t(`service.topics.${value}`)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={t("service.message")}
            field={message}
            help={t("service.messageHelp")}
            rows={7}
            minLength={message.constraint?.minLength}
            maxLength={SUPPORT_MESSAGE_MAX}
            required
          />
          <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
            {t("service.submit")}
          </button>
        </Form>
      </section>
    </InfoPage>
  );
}
