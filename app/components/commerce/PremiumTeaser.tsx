import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser, useSite } from "~/lib/root-data";

/**
 * Where members look for more (their profile, the credits page, the chat when credits run
 * short): what premium gives and the way to it, on a site that sells it, for a member who does
 * not have it (issue 29 point 21; docs/product.md §10).
 */
export function PremiumTeaser() {
  const { t } = useTranslation();
  const site = useSite();
  const user = useOptionalUser();
  if (!site?.premiumOffered || !user || user.premium) return null;
  return (
    <p className="premium-teaser">
      <span className="badge premium">{t("premium.badge")}</span> {t("premium.teaser")}{" "}
      <Link to="/premium">{t("premium.seePlans")}</Link>
    </p>
  );
}
