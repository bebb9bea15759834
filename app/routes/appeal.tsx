import { getValibotConstraint } from "@conform-to/valibot";
import { Link } from "react-router";
import { AppealSection } from "~/components/AppealSection";
import { fetchDecisions } from "~/lib/api/appeals.server";
import { appealAction } from "~/lib/appeal.server";
import { getOptionalUser } from "~/lib/auth.server";
import { AppealSchema } from "~/lib/forms/appeal";
import { useTranslation } from "~/lib/i18n-react";
import { statementOf } from "~/lib/trusted-reporters";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/appeal";
import { dateTimeFormat } from "~/lib/format";

/** The decision id of the path, when it is a plausible one. */
function decisionIdOf(params: { decisionId: string }): number | null {
  const id = Number(params.decisionId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /appeals/:decisionId (login, open to a banned member; docs/product.md "Bans and appeals"): one
 * decision against the member (a warning, a photo removed, a ban) with its statement of reasons
 * (DSA art. 17), and its appeal (art. 20): the form, the appeal sent, or that the period ended.
 * /notifications links here; another member's decision is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = decisionIdOf(params);
  if (id === null) return notFound({ request, context });
  const result = await fetchDecisions(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  const decision = result.data.decisions.find((d) => d.id === id);
  if (!decision) return notFound({ request, context });
  return {
    decision,
    constraint: getValibotConstraint(AppealSchema),
    timeZone: (await getOptionalUser(context))?.timezone ?? "UTC",
  };
}

export async function action(args: Route.ActionArgs) {
  const id = decisionIdOf(args.params);
  if (id === null) return notFound(args);
  return appealAction(args, id, `/appeals/${id}#appeal`);
}

export default function Appeal({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const site = useSite();
  const { decision } = loaderData;
  const date = (ms: number) =>
    dateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: loaderData.timeZone }).format(new Date(ms));
  return (
    <div className="narrow safety-page">
      <title>{t("appeals.title", { date: date(decision.decided_at), site: site?.name ?? "" })}</title>
      <h1>{t(`appeals.actions.${decision.action}`)}</h1>
      <div className="notice-box ban-decision">
        <dl className="ban-facts">
          <div>
            <dt>{t("appeals.category")}</dt>
            <dd>{t(`appeals.categories.${decision.category}`)}</dd>
          </div>
          <div>
            <dt>{t("appeals.decidedAt")}</dt>
            <dd>
              <time dateTime={new Date(decision.decided_at).toISOString()}>{date(decision.decided_at)}</time>
            </dd>
          </div>
          <div>
            <dt>{t("appeals.statement")}</dt>
            <dd className="ban-reason">{statementOf(t, decision)}</dd>
          </div>
        </dl>
      </div>
      <AppealSection decision={decision} lastResult={actionData?.result} constraint={loaderData.constraint} formatDate={date} />
      {decision.in_force ? null : (
        <p>
          <Link to="/notifications">{t("appeals.back")}</Link>
        </p>
      )}
    </div>
  );
}
