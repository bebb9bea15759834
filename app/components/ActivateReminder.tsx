import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The activate reminder (docs/product.md §4): a member whose address is not confirmed yet is
 * reminded on every page, with the address, until the activation link is opened. Its link leads
 * back into sign-up, whose last step says where the mail went and lets a wrong address be changed.
 */
export function ActivateReminder({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <aside className="activate-reminder" aria-label={t("activateReminder.label")}>
      <p>
        <strong>{t("activateReminder.heading")}</strong> {t("activateReminder.text", { email })}{" "}
        <Link to="/signup">{t("activateReminder.link")}</Link>
      </p>
    </aside>
  );
}
