import { Link, useMatches } from "react-router";
import { routePath } from "~/lib/route-path";
import { afterSignup } from "~/lib/cookies.server";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/activate-result";
import { useOptionalUser, useSite } from "~/lib/root-data";

/**
 * /activate/done and /activate/error (public): where the activation link in the mail lands
 * (GET /api/activate.php?token=… answers 303 to one of them). One module, two route ids
 * (app/routes.ts): "activate-done" and "activate-error". On done the API has already logged the
 * clicker in, so the button leads home; a visitor without the session goes to log in.
 */
/** Where the visitor was going before sign-up, if anywhere (a chat with a member, say). */
export function loader({ request }: Route.LoaderArgs) {
  return { next: afterSignup(request) };
}

export default function ActivateResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const user = useOptionalUser();
  const done = useMatches().some((match) => match.id === "activate-done");
  const siteName = site?.name ?? "";
  const supportEmail = site?.supportEmail;

  if (done) {
    return (
      <div className="narrow stack">
        <title>{t("activate.doneTitle", { site: siteName })}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("activate.doneHeading")}</h1>
        <p className="lead">{t("activate.doneText", { site: siteName })}</p>
        <p className="actions">
          {user ? (
            <Link className="button" to={loaderData.next ?? routePath("/home")}>
              {loaderData.next ? t("signup.done.continue") : t("activate.toHome")}
            </Link>
          ) : (
            <Link className="button" to={routePath("/login")}>
              {t("activate.toLogin")}
            </Link>
          )}
        </p>
      </div>
    );
  }

  return (
    <div className="narrow stack">
      <title>{t("activate.errorTitle", { site: siteName })}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("activate.errorHeading")}</h1>
      <p className="lead">{t("activate.errorText")}</p>
      <p className="actions">
        <Link className="button" to={routePath("/login")}>
          {t("activate.toLogin")}
        </Link>
      </p>
      {supportEmail ? (
        <p>
          <a href={`mailto:${supportEmail}`}>{t("activate.contactSupport", { email: supportEmail })}</a>
        </p>
      ) : null}
    </div>
  );
}
