import { useTranslation } from "~/lib/i18n-react";
import { Link, redirect } from "react-router";
import { getOptionalUser } from "~/lib/auth.server";
import type { Route } from "./+types/welcome";
import { useSite } from "~/lib/root-data";

export function loader({ context }: Route.LoaderArgs) {
  if (getOptionalUser(context)) throw redirect("/home");
  return null;
}

/** The public welcome page: the site's name and the sign-up call to action. */
export default function Welcome() {
  const { t } = useTranslation();
  const site = useSite()?.name ?? "";
  return (
    <>
      <title>{t("meta.welcomeTitle", { site })}</title>
      <meta name="description" content={t("meta.welcomeDescription", { site })} />
      <section className="hero">
        <h1>{t("welcome.heading", { site })}</h1>
        <p className="lead">{t("welcome.lead")}</p>
        <p>
          <Link className="button large" to="/signup">
            {t("welcome.cta")}
          </Link>
        </p>
        <p>
          {t("welcome.haveAccount")} <Link to="/login">{t("welcome.loginLink")}</Link>
        </p>
      </section>
      <ul className="selling-points">
        <li>{t("welcome.point1")}</li>
        <li>{t("welcome.point2")}</li>
        <li>{t("welcome.point3")}</li>
      </ul>
    </>
  );
}
