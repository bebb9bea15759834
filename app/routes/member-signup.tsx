import { redirect } from "react-router";
import { screeningNotice } from "~/lib/safety-notice.server";
import { ProfileBadges } from "~/components/ProfileCard";
import { EmbeddedEntryWarning } from "~/components/EntryWarning";
import { AccountStep } from "~/components/signup/AccountStep";
import { InviteOnly } from "~/components/signup/SignupChrome";
import { fetchProfile } from "~/lib/api/discover.server";
import { fetchCsrf } from "~/lib/api/signup.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext, trackingContext } from "~/lib/context";
import { apiFailurePage, notFound, pageError } from "~/lib/page-errors.server";
import { signupOpen } from "../../contract/rules/signup-steps";
import { getValibotConstraint } from "@conform-to/valibot";
import { AccountSchema } from "~/lib/forms/signup";
import { useSite } from "~/lib/root-data";
import { landerSignupAction } from "~/lib/signup/flow.server";
import { memberIdOf } from "~/lib/landers";
import type { Route } from "./+types/member-signup";

/**
 * /members/:memberId/signup (lander layout): sign up to meet one member. It ships no
 * JavaScript (landers are for visitors arriving from affiliate links), so the form is step 0
 * as plain HTML, posting to /signup, where the flow goes on. A fictional profile is said to be
 * one, in words, before anyone signs up for it (the 'classic' template's warning).
 */
export const handle = { hydrate: false };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound({ request, context });
  if (await getOptionalUser(context)) throw redirect(`/members/${id}`);
  const api = context.get(apiContext);
  const [settings, profile] = await Promise.all([siteSettings(request, context), fetchProfile(api, id, { promotion: true })]);
  if (!profile.ok) return apiFailurePage(profile, { request, context });
  const tracking = context.get(trackingContext).tracking;
  const open = signupOpen(settings.signups, tracking.network);
  const csrf = open ? await fetchCsrf(api) : null;
  if (csrf && !csrf.ok) pageError(csrf.status);
  return {
    open,
    siteName: settings.name,
    profile: profile.data.profile,
    csrf: csrf?.data.csrf ?? "",
    constraint: getValibotConstraint(AccountSchema),
    referrer: request.headers.get("referer") ?? "",
    /** The site-entry warning goes into the form (docs/product.md §2.5): the site's niche, or null. */
    entryWarning: settings.entry_warning ? settings.niche : null,
    screeningNotice: screeningNotice(settings, context),
  };
}

/** Sign-up step 0 posts here; mistakes come back on this page, the typing kept (docs/product.md §11.3). */
export function action({ request, context, params }: Route.ActionArgs) {
  // Sign-up ends at the member's page (docs/product.md §11.3).
  return landerSignupAction(request, context, memberIdOf(params.memberId));
}

export default function MemberSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const { profile } = loaderData;
  if (!loaderData.open) return <InviteOnly siteName={loaderData.siteName} />;
  return (
    <div className="lander-page signup">
      <header className="lander-brand">
        <span className="brand-mark" aria-hidden="true" />
        {loaderData.siteName}
      </header>
      <title>{t("signup.member.title", { name: profile.name, site: loaderData.siteName })}</title>
      <meta name="description" content={t("signup.member.description", { name: profile.name, site: loaderData.siteName })} />
      <section className="member-intro" aria-labelledby="member-intro-name">
        {profile.main_image ? (
          <img
            src={(site?.cdnPrefix ?? "") + profile.main_image.thumb_filename}
            alt={t("signup.member.photoAlt", { name: profile.name })}
            width={480}
            height={600}
            fetchPriority="high"
          />
        ) : (
          <span className="card-no-photo" />
        )}
        <div className="member-intro-text">
          <p id="member-intro-name" className="member-intro-name">
            {profile.age === null ? profile.name : t("signup.member.nameAge", { name: profile.name, age: profile.age })}
          </p>
          <ProfileBadges profile={profile} fictionalIcon={site?.fictionalIcon ?? ""} />
        </div>
      </section>
      <div className="lander-form card-surface">
        {profile.fictional && (
          <p className="notice-box fictional-warning">
            {t("signup.member.fictional", {
              name: profile.name,
              icon: site?.fictionalIcon ?? "",
              plural: site?.fictionalPlural ?? "",
            })}
          </p>
        )}
        <AccountStep
          view={loaderData}
          actionData={actionData}
          heading={t("signup.member.heading", { name: profile.name })}
          beforeTerms={loaderData.entryWarning ? <EmbeddedEntryWarning niche={loaderData.entryWarning} /> : null}
        />
      </div>
    </div>
  );
}
