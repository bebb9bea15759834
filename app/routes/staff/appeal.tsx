import { Form, useNavigation } from "react-router";
import { Decisions, FormAlert, MemberFacts, PageHeading, Photos, ReasonField, useErrorText } from "~/components/staff/StaffParts";
import { staffAppeal, staffDecideAppeal } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiFormError, formError } from "~/lib/staff-forms.server";
import { formText, loadStaffDetail, readStaffPost, savedRedirect } from "~/lib/staff.server";
import { APPEAL_OUTCOMES, REASON_MAX, REASON_MIN } from "../../../contract/rules/staff";
import type { Route } from "./+types/appeal";

/** /staff/appeals/:appealId: a member's appeal against a decision; uphold it or reverse it, with reasons. */
export function loader(args: Route.LoaderArgs) {
  return loadStaffDetail(args, (api) => staffAppeal(api, args.params.appealId));
}

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const { appealId } = args.params;
  const values = { outcome: formText(form, "outcome"), reason: formText(form, "reason") };
  const outcome = APPEAL_OUTCOMES.find((o) => o === values.outcome);
  const reason = values.reason.replace(/\r\n?/g, "\n").trim();
  const errors: { outcome?: string; reason?: string } = {};
  if (!outcome) errors.outcome = "staff.errors.required";
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) errors.reason = "staff.errors.reason";
  if (!outcome || errors.reason) return formError(errors, values);
  const result = await staffDecideAppeal(api, { appeal: Number(appealId), outcome, reason });
  if (!result.ok) return apiFormError(result, values);
  return savedRedirect(`/staff/appeals/${appealId}`);
}

export default function StaffAppeal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { appeal, decision, member, photos, saved, now } = loaderData;
  const heading = t("staff.appealHeading", { reference: appeal.reference });
  const errors = actionData?.errors;
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
            <Form method="post" className="staff-form">
              <FormAlert error={errors?.form} />
              <fieldset>
                <legend>{t("staff.outcome")}</legend>
                {APPEAL_OUTCOMES.map((o) => (
                  <label key={o} className="staff-check">
                    <input type="radio" name="outcome" value={o} required defaultChecked={actionData?.values.outcome === o} />
                    <span>{t(`staff.outcomes.${o}`)}</span>
                  </label>
                ))}
                {errors?.outcome ? <span className="staff-error">{errorText(errors.outcome)}</span> : null}
              </fieldset>
              <ReasonField value={actionData?.values.reason} error={errors?.reason} />
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
