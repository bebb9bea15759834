import { useTranslation } from "~/lib/i18n-react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The member's home. Its content (new likes, conversations, suggestions) comes with the discover issue. */
export default function Home() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.user) return null;
  return (
    <>
      <title>{t("meta.homeTitle", { site: root.site.name })}</title>
      <h1>{t("home.greeting", { name: root.user.name })}</h1>
      <p className="lead">{t("home.lead")}</p>
    </>
  );
}
