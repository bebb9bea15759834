import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import type { ProfileCard as Card } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser, useSite } from "~/lib/root-data";
import { SiteHeader } from "./SiteHeader";

// Loaded only when an error page shows them, so they add nothing to other pages' JavaScript (the
// server renders error pages whole, so they are in the HTML without JavaScript too).
const ProfileGrid = lazy(() => import("~/components/ProfileCard").then((m) => ({ default: m.ProfileGrid })));

/**
 * The error page (docs/product.md §2, §8), in the site's shell so the way on is never lost: the
 * status code and its message. A 404 says which path was not found and offers search and the home
 * page; server trouble offers a retry link. Members see profiles from their search without actions;
 * visitors who may sign up get a short invitation (a button, not the whole form).
 */
export function ErrorPage({
  status,
  requestId,
  loggedIn,
  site,
  profiles,
}: {
  status: number;
  requestId: string | null;
  loggedIn: boolean;
  site: { name: string } | undefined;
  /** For members: profiles from their search, shown without actions. */
  profiles: Card[];
}) {
  const siteName = site?.name;
  const { t } = useTranslation();
  const location = useLocation();
  const message =
    status === 404
      ? t("errors.notFound", { path: location.pathname })
      : status === 415
        ? t("probe.unreadableForm")
        : status === 503
          ? t("errors.serviceUnavailable")
          : status === 502
            ? t("errors.badGateway")
            : t("errors.internal");
  const retry = location.pathname + location.search;
  const user = useOptionalUser();
  const rootSite = useSite();
  return (
    <>
      <title>{t("errors.status", { status })}</title>
      {rootSite ? (
        <SiteHeader siteName={rootSite.name} user={user} cdnPrefix={rootSite.cdnPrefix} signupOpen={rootSite.signupOpen} />
      ) : (
        <header className="site-header">
          <div className="site-header-inner">
            <a className="brand" href="/">
              {siteName ?? "⌂"}
            </a>
          </div>
        </header>
      )}
      <main id="main" className="page narrow error-page">
        <p className="error-status">{t("errors.status", { status })}</p>
        <h1>{status === 404 ? t("errors.notFoundHeading") : t("errors.heading")}</h1>
        <p>{message}</p>
        {requestId ? <p className="muted">{t("errors.reference", { id: requestId })}</p> : null}
        <p className="actions">
          {status >= 500 ? (
            // A full reload, not a client navigation: the retry must reach the server again.
            <a className="button" href={retry}>
              {t("errors.retry")}
            </a>
          ) : null}
          {status === 404 ? (
            <Link className="button" to="/members">
              {t("errors.searchMembers")}
            </Link>
          ) : null}
          <Link className="button secondary" to={loggedIn ? "/home" : "/"}>
            {t("errors.backHome")}
          </Link>
        </p>
        {loggedIn && profiles.length > 0 ? (
          <Suspense fallback={null}>
            <ProfileGrid profiles={profiles} place="error" className="error-profiles" />
          </Suspense>
        ) : null}
        {!loggedIn && status < 500 && rootSite?.signupOpen ? (
          <section className="signup-prompt card-surface">
            <p>{t("errors.signupPrompt")}</p>
            <Link className="button" to="/signup">
              {t("nav.signup")}
            </Link>
          </section>
        ) : null}
      </main>
    </>
  );
}
