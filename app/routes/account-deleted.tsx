import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useSite } from "~/lib/root-data";

/** /account-deleted (optional auth): where deleting an account lands. */
export default function AccountDeleted() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="narrow">
      <title>{t("accountDeleted.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("accountDeleted.heading")}</h1>
      <p>{t("accountDeleted.text")}</p>
      <p>{t("accountDeleted.again")}</p>
      <p className="actions">
        {site?.signupOpen !== false ? (
          <Link className="button" to="/signup">
            {t("accountDeleted.signup")}
          </Link>
        ) : null}
        <Link className="button secondary" to="/">
          {t("accountDeleted.home")}
        </Link>
      </p>
    </div>
  );
}
