import { getValibotConstraint } from "@conform-to/valibot";
import { Link, redirect } from "react-router";
import { AppealSection } from "~/components/AppealSection";
import { Blocks, InlineText, Sections } from "~/components/ContentText";
import type { Ban as BanState } from "../../contract/schemas";
import { fetchDecisions } from "~/lib/api/appeals.server";
import { devTools } from "~/lib/api/chat.server";
import { appealAction } from "~/lib/appeal.server";
import { getOptionalUser } from "~/lib/auth.server";
import { AppealSchema } from "~/lib/forms/appeal";
import { loadContent } from "~/lib/content.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/pages.ban";
import { dateTimeFormat } from "~/lib/format";

/**
 * /pages/ban (public): what a banned member sees. With a `ban` on the member's answer
 * (contract/schemas.ts UserSchema.ban): the statement of reasons, its category, the date and how
 * to appeal (until when, and where: appeal_url, else the service page with topic "safety").
 * Without one: that the account is not banned, and how bans and appeals work.
 * Where the development tools are on, ?preview=1 shows a sample ban (bans are made elsewhere).
 *
 * Every member page sends a banned member here (the login-required guard, and the API client on
 * a 403 account_banned; ADR 030). When the API has appeals (the ban's decision_id), the appeal
 * form is on this page (#appeal): a plain post, then the page shows the appeal's reference.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = await loadContent(request, context, "ban");
  const user = await getOptionalUser(context);
  const preview = new URL(request.url).searchParams.get("preview") === "1" && (await devTools(context.get(apiContext))).ok;
  const ban = preview ? sampleBan() : (user?.ban ?? null);
  const appeal =
    ban?.appeal_url && /^https:\/\/[^\s]+$/.test(ban.appeal_url)
      ? ban.appeal_url
      : safeRedirect(ban?.appeal_url, "/pages/service?topic=safety");
  // The ban's decision as decisions.php tells it: whether it may be appealed, and the appeal sent.
  let decision = null;
  if (ban?.decision_id != null) {
    const decisions = await fetchDecisions(context.get(apiContext));
    const found = decisions.ok ? decisions.data.decisions.find((d) => d.id === ban.decision_id) : undefined;
    if (found) decision = { appeal_until: found.appeal_until, appealable: found.appealable, appeal: found.appeal };
  }
  return {
    content,
    loggedIn: user !== null || preview,
    ban: ban && { ...ban, appeal_url: appeal },
    decision,
    constraint: getValibotConstraint(AppealSchema),
    timeZone: user?.timezone ?? "UTC",
  };
}

/** The appeal against the ban in force (post/redirect/get back to #appeal). */
export async function action(args: Route.ActionArgs) {
  const decisionId = (await getOptionalUser(args.context))?.ban?.decision_id;
  if (decisionId == null) throw redirect("/pages/ban");
  return appealAction(args, decisionId, "/pages/ban#appeal");
}

/** The development preview's ban: decided two days ago, appeal open for 12 more days. */
function sampleBan(now = Date.now()): BanState {
  const day = 24 * 60 * 60 * 1000;
  return {
    reason:
      "Your messages to several members asked them to pay for a train ticket <b>before</b> meeting. Asking members for money is not allowed (terms: conduct).",
    category: "scam",
    decided_at: now - 2 * day,
    appeal_until: now + 12 * day,
    appeal_url: null,
    decision_id: null,
  };
}

export default function Ban({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { content, ban, decision } = loaderData;
  const strings = content.strings ?? {};
  const date = (ms: number) =>
    dateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: loaderData.timeZone }).format(new Date(ms));
  const appealOpen = ban !== null && (ban.appeal_until === null || ban.appeal_until > Date.now());
  return (
    <article className="legal info-page">
      <title>{content.title}</title>
      <meta name="description" content={content.description} />
      <h1>{ban ? strings.bannedHeading : content.heading}</h1>
      <div className="legal-text">
        {ban ? (
          <>
            <div className="notice-box ban-decision" role="status">
              <p>{strings.banned}</p>
              <dl className="ban-facts">
                <div>
                  <dt>{t("ban.category")}</dt>
                  <dd>{strings[`category.${ban.category}`]}</dd>
                </div>
                <div>
                  <dt>{t("ban.decidedAt")}</dt>
                  <dd>
                    <time dateTime={new Date(ban.decided_at).toISOString()}>{date(ban.decided_at)}</time>
                  </dd>
                </div>
                <div>
                  <dt>{t("ban.reason")}</dt>
                  <dd className="ban-reason">{ban.reason}</dd>
                </div>
              </dl>
            </div>
            {decision ? (
              <AppealSection
                decision={decision}
                lastResult={actionData?.result}
                constraint={loaderData.constraint}
                formatDate={date}
              />
            ) : (
              <section aria-labelledby="ban-appeal">
                <h2 id="ban-appeal">{strings.appealHeading}</h2>
                {appealOpen ? (
                  <>
                    <p>
                      {ban.appeal_until === null
                        ? strings.appealOpen
                        : (strings.appealUntil ?? "").replace("{{date}}", date(ban.appeal_until))}
                    </p>
                    <p>
                      {ban.appeal_url.startsWith("/") ? (
                        <Link className="button" to={ban.appeal_url}>
                          {t("ban.appeal")}
                        </Link>
                      ) : (
                        <a className="button" href={ban.appeal_url}>
                          {t("ban.appeal")}
                        </a>
                      )}
                    </p>
                  </>
                ) : (
                  <p>
                    <InlineText text={strings.appealClosed ?? ""} />
                  </p>
                )}
              </section>
            )}
            <p className="ban-rights">
              {t("ban.rights")} <a href="/profile/data">{t("ban.download")}</a> ·{" "}
              <Link to="/profile/delete">{t("ban.delete")}</Link>
            </p>
          </>
        ) : (
          <div className="notice-box success" role="status">
            <p>{loaderData.loggedIn ? strings.notBannedMember : strings.notBannedVisitor}</p>
          </div>
        )}
        <Blocks blocks={content.intro} />
        <Sections sections={content.sections} />
      </div>
    </article>
  );
}
