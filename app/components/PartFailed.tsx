import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/**
 * Said where a part of a page could not be loaded (lib/page-part.ts), with a plain link that
 * loads the page again (works without JavaScript).
 */
export function PartFailed() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <p className="empty-state part-failed" role="status">
      {t("errors.partFailed")} <a href={pathname + search}>{t("errors.retry")}</a>
    </p>
  );
}
