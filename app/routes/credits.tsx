import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { loader as rootLoader } from "~/root";

/**
 * /credits (login): the member's balance. Buying credits is a later issue; until then the page
 * says so plainly instead of pretending to sell.
 */
export default function Credits() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="narrow">
      <title>{t("credits.title")}</title>
      <h1>{t("credits.heading")}</h1>
      <p className="lead">{t("credits.balance", { count: root?.user?.credits ?? 0 })}</p>
      <p>{t("credits.comingSoon")}</p>
      <p>
        <Link to="/chats">{t("credits.backToChats")}</Link>
      </p>
    </div>
  );
}
