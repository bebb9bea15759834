import { Link, redirect } from "react-router";
import { ProfileGrid } from "~/components/ProfileCard";
import { search } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/signup-matches";

/** How many members the page offers: one search page. */
const MATCHES = 12;

/**
 * /signup-matches (public, empty layout; docs/product.md §2.6): right after sign-up, members who
 * match what the new member is looking for (the API's first search: the member's interest,
 * country and age), each with like (the usual like form, which comes back here without
 * JavaScript) and "write a message". "Continue" leads home. A visitor has nobody to be matched
 * with yet: they go to sign-up, which comes back here at its end.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (!user) throw redirect("/signup?redirectTo=%2Fsignup-matches");
  const api = context.get(apiContext);
  const [settings, found] = await Promise.all([
    siteSettings(request, context),
    search(api, { firstLoad: true, page: 1, promotion: true }),
  ]);
  if (!found.ok) pageError(found.status);
  return {
    siteName: settings.name,
    name: user.profile.name,
    // Members with a photo first: a first impression is a face.
    profiles: found.data.profiles
      .filter((p) => p.id !== user.profile.id)
      .toSorted((a, b) => Number(b.main_image !== null) - Number(a.main_image !== null))
      .slice(0, MATCHES),
  };
}

export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { siteName, name, profiles } = loaderData;
  return (
    <div className="signup-matches">
      <title>{t("signupMatches.title", { site: siteName })}</title>
      <meta name="robots" content="noindex" />
      <header className="signup-matches-head">
        <p className="entry-warning-brand">
          <span className="brand-mark" aria-hidden="true" />
          {siteName}
        </p>
        <Link className="button secondary small" to="/home">
          {t("signupMatches.skip")}
        </Link>
      </header>
      <h1>{t("signupMatches.heading", { name })}</h1>
      <p className="lead">{t("signupMatches.lead")}</p>
      {profiles.length === 0 ? (
        <p className="empty-state">{t("signupMatches.empty")}</p>
      ) : (
        <ProfileGrid profiles={profiles} place="matches" eagerCount={4} className="signup-matches-grid" />
      )}
      <p className="signup-matches-continue">
        <Link className="button large" to="/home">
          {t("signupMatches.continue")}
        </Link>
      </p>
    </div>
  );
}
