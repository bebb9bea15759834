import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import type { ProfileCard as Card } from "../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";

// Loaded only when an error page shows them, so they add nothing to other pages' JavaScript (the
// server renders error pages whole, so they are in the HTML without JavaScript too).
const AccountStep = lazy(() => import("~/components/signup/AccountStep").then((m) => ({ default: m.AccountStep })));
const ProfileGrid = lazy(() => import("~/components/ProfileCard").then((m) => ({ default: m.ProfileGrid })));

/**
 * The error page (docs/product.md §2, §8): "Error", the status code and its message. A 404 says which
 * path was not found. Server trouble offers a retry link. Visitors are invited to sign up.
 */
export function ErrorPage({
  status,
  requestId,
  loggedIn,
  site,
  profiles,
  signupCsrf = null,
}: {
  status: number;
  requestId: string | null;
  loggedIn: boolean;
  site: { name: string } | undefined;
  /** For members: profiles from their search, shown without actions. */
  profiles: Card[];
  /** For visitors where sign-up is open: the token of the sign-up form shown with a 404. */
  signupCsrf?: string | null;
}) {
  const siteName = site?.name;
  const { t } = useTranslation();
  const location = useLocation();
  const message =
    status === 404
      ? t("errors.notFound", { path: location.pathname })
      : status === 503
        ? t("errors.serviceUnavailable")
        : status === 502
          ? t("errors.badGateway")
          : t("errors.internal");
  const retry = location.pathname + location.search;
  return (
    <>
      <title>{t("errors.status", { status })}</title>
      <header className="site-header">
        <a className="brand" href="/">
          {siteName ?? "⌂"}
        </a>
      </header>
      <main id="main" className="page narrow error-page">
        <h1>{t("errors.heading")}</h1>
        <p className="error-status">{t("errors.status", { status })}</p>
        <p>{message}</p>
        {requestId ? <p className="muted">{t("errors.reference", { id: requestId })}</p> : null}
        <p className="actions">
          {status >= 500 ? (
            // A full reload, not a client navigation: the retry must reach the server again.
            <a className="button" href={retry}>
              {t("errors.retry")}
            </a>
          ) : null}
          <Link className={status >= 500 ? "button secondary" : "button"} to={loggedIn ? "/home" : "/"}>
            {t("errors.backHome")}
          </Link>
        </p>
        {loggedIn && profiles.length > 0 ? (
          <Suspense fallback={null}>
            <ProfileGrid profiles={profiles} place="error" className="error-profiles" />
          </Suspense>
        ) : null}
        {!loggedIn && status < 500 ? (
          <p className="signup-prompt">
            {t("errors.signupPrompt")} <Link to="/signup">{t("nav.signup")}</Link>
          </p>
        ) : null}
        {!loggedIn && signupCsrf ? (
          // docs/product.md §2: guests get the sign-up-for-free form, without its title or dots.
          <Suspense fallback={null}>
            <AccountStep
              view={{ csrf: signupCsrf, constraint: undefined, referrer: "" }}
              actionData={undefined}
              action="/signup"
              heading={null}
            />
          </Suspense>
        ) : null}
      </main>
    </>
  );
}
