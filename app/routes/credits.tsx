import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useUser } from "~/lib/root-data";

/**
 * /credits (login): the member's balance. Buying credits is a later issue; until then the page
 * says so plainly instead of pretending to sell.
 */
export default function Credits() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <div className="narrow">
      <title>{t("credits.title")}</title>
      <h1>{t("credits.heading")}</h1>
      <p className="lead">{t("credits.balance", { count: user.credits })}</p>
      <p>{t("credits.comingSoon")}</p>
      <p>
        <Link to="/chats">{t("credits.backToChats")}</Link>
      </p>
    </div>
  );
}
