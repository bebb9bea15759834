import { useNavigation } from "react-router";
import { categoryText, DecisionForm, Decisions, MemberFacts, PageHeading, Photos, When } from "~/components/staff/StaffParts";
import { staffCase } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { submitDecision } from "~/lib/staff-forms.server";
import { loadStaffDetail, readStaffPost } from "~/lib/staff.server";
import { STAFF_ACTIONS, type StaffAction } from "../../../contract/rules/staff";
import type { MessageKey } from "../../../contract/translator";
import type { Route } from "./+types/case";

/** /staff/cases/:caseId: a report or notice, its evidence, the member's record and the decision form. */
export function loader(args: Route.LoaderArgs) {
  return loadStaffDetail(args, (api) => staffCase(api, args.params.caseId));
}

/** What the form offers: everything on a member of the staff's sites; only dismiss on another site's. */
function actionsFor(mayAct: boolean): readonly StaffAction[] {
  return mayAct ? STAFF_ACTIONS.filter((a) => a !== "unban") : ["dismiss"];
}

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const { caseId } = args.params;
  return submitDecision(api, form, STAFF_ACTIONS, { case: Number(caseId) }, `/staff/cases/${caseId}`);
}

export default function StaffCase({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { case: item, member, photos, decisions, messages, may_act: mayAct, now, saved } = loaderData;
  const heading = t("staff.caseHeading", { reference: item.reference });
  return (
    <>
      <PageHeading heading={heading} saved={saved} />
      <div className="staff-grid">
        <div>
          <section className="staff-panel" aria-labelledby="case-facts">
            <h2 id="case-facts">{t(`staff.types.${item.kind}`)}</h2>
            {item.kind === "pause" ? <p>{t("staffTrustedReporters.queueNote")}</p> : null}
            <dl className="staff-facts">
              <dt>{t("staff.state")}</dt>
              <dd>{t(`staff.states.${item.state}` as MessageKey)}</dd>
              <dt>{t("staff.colCategory")}</dt>
              <dd>{categoryText(t, item.category)}</dd>
              <dt>{t("staff.colSite")}</dt>
              <dd>{item.site_name}</dd>
              <dt>{t("staff.colAge")}</dt>
              <dd>
                <When at={item.created_at} now={now} />
              </dd>
              {item.kind === "report" ? (
                <>
                  <dt>{t("staff.reporter")}</dt>
                  <dd>
                    {item.reporter ? (
                      <a href={`/staff/members/${item.reporter.id}`}>{`${item.reporter.name} (#${item.reporter.id})`}</a>
                    ) : (
                      "–"
                    )}
                  </dd>
                </>
              ) : item.kind === "notice" ? (
                <>
                  <dt>{t("staff.notifier")}</dt>
                  <dd>
                    {item.notifier_name || item.notifier_email
                      ? [item.notifier_name, item.notifier_email].filter(Boolean).join(" · ")
                      : t("staff.anonymous")}
                  </dd>
                  <dt>{t("staff.subjectUrl")}</dt>
                  <dd>{item.subject_url ?? "–"}</dd>
                </>
              ) : null}
            </dl>
            <h3>{t("staff.explanation")}</h3>
            {item.explanation ? (
              <p className="staff-text">{item.explanation}</p>
            ) : (
              <p className="staff-muted">{t("staff.noExplanation")}</p>
            )}
          </section>
          {messages.length > 0 ? (
            <section className="staff-panel" aria-labelledby="case-messages">
              <h2 id="case-messages">{t("staff.messages")}</h2>
              <ol className="staff-list">
                {messages.map((m) => (
                  <li key={m.id} className={m.reported ? "reported" : undefined}>
                    <strong>{m.sender_id === member.id ? t("staff.fromSubject") : t("staff.fromOther")}</strong>{" "}
                    <When at={m.created_at} now={now} />
                    {m.reported ? <span className="staff-badge">{t("staff.reportedMessage")}</span> : null}
                    <p className="staff-text">{m.body}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <section className="staff-panel" aria-labelledby="case-member">
            <h2 id="case-member">{t("staff.member")}</h2>
            <MemberFacts member={member} />
            <h3>{t("staff.photos")}</h3>
            <Photos photos={photos} name={member.name} highlight={item.subject_image_id} />
            {mayAct ? (
              <p>
                <a href={`/staff/members/${member.id}`}>{t("staff.openMember")}</a>
              </p>
            ) : null}
          </section>
          <section className="staff-panel" aria-labelledby="case-decisions">
            <h2 id="case-decisions">{t("staff.decisions")}</h2>
            <Decisions decisions={decisions} now={now} />
          </section>
        </div>
        <section className="staff-panel" aria-labelledby="case-decide">
          <h2 id="case-decide">{t("staff.decideHeading")}</h2>
          {item.state !== "open" ? (
            <p>{t("staff.closed")}</p>
          ) : (
            <>
              {mayAct ? null : <p className="staff-muted">{t("staff.otherSite")}</p>}
              <DecisionForm actions={actionsFor(mayAct)} photos={photos} lastResult={actionData?.result} busy={busy} />
            </>
          )}
        </section>
      </div>
    </>
  );
}
