import { Form, useNavigation } from "react-router";
import { Decisions, FieldError, FormAlert, MemberFacts, PageHeading, Photos, ReasonField } from "~/components/staff/StaffParts";
import { staffAppeal, staffDecideAppeal } from "~/lib/api/staff.server";
import { parseForm } from "~/lib/forms/parse.server";
import { StaffAppealSchema } from "~/lib/forms/staff";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { staffApiReply, staffFormReply } from "~/lib/staff-forms.server";
import { loadStaffDetail, readStaffPost, savedRedirect } from "~/lib/staff.server";
import { APPEAL_OUTCOMES } from "../../../contract/rules/staff";
import type { Route } from "./+types/appeal";

/** /staff/appeals/:appealId: a member's appeal against a decision; uphold it or reverse it, with reasons. */
export function loader(args: Route.LoaderArgs) {
  return loadStaffDetail(args, (api) => staffAppeal(api, args.params.appealId));
}

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const { appealId } = args.params;
  const submission = parseForm(form, StaffAppealSchema);
  if (submission.status !== "success") return staffFormReply(submission.reply(), 400);
  const result = await staffDecideAppeal(api, { appeal: Number(appealId), ...submission.value });
  if (!result.ok) return staffApiReply(submission, result);
  return savedRedirect(`/staff/appeals/${appealId}`);
}

export default function StaffAppeal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { appeal, decision, member, photos, saved, now } = loaderData;
  const heading = t("staff.appealHeading", { reference: appeal.reference });
  const form = useForm({ schema: StaffAppealSchema, lastResult: actionData?.result });
  const outcome = form.field("outcome");
  return (
    <>
      <PageHeading heading={heading} saved={saved} />
      <div className="staff-grid">
        <div>
          <section className="staff-panel" aria-labelledby="appeal-text">
            <h2 id="appeal-text">{t("staff.appealText")}</h2>
            <p className="staff-text">{appeal.text}</p>
          </section>
          <section className="staff-panel" aria-labelledby="appeal-decision">
            <h2 id="appeal-decision">{t("staff.appealAgainst")}</h2>
            <Decisions decisions={[decision]} now={now} />
          </section>
          <section className="staff-panel" aria-labelledby="appeal-member">
            <h2 id="appeal-member">{t("staff.member")}</h2>
            <MemberFacts member={member} />
            <Photos photos={photos} name={member.name} />
          </section>
        </div>
        <section className="staff-panel" aria-labelledby="appeal-decide">
          <h2 id="appeal-decide">{t("staff.decideHeading")}</h2>
          {appeal.state !== "open" ? (
            <p>{t(`staff.states.${appeal.state}`)}</p>
          ) : (
            <Form method="post" className="staff-form" {...form.props}>
              <FormAlert error={form.formErrors?.[0]} />
              <fieldset>
                <legend>{t("staff.outcome")}</legend>
                {APPEAL_OUTCOMES.map((o) => (
                  <label key={o} className="staff-check">
                    <input
                      type="radio"
                      name={outcome.name}
                      value={o}
                      required
                      defaultChecked={outcome.initialValue === o}
                      aria-describedby={outcome.errors ? outcome.errorId : undefined}
                    />
                    <span>{t(`staff.outcomes.${o}`)}</span>
                  </label>
                ))}
                <FieldError id={outcome.errorId} error={outcome.errors?.[0]} />
              </fieldset>
              <ReasonField field={form.field("reason")} />
              <button type="submit" disabled={busy}>
                {t("staff.submit")}
              </button>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
