import { useTranslation } from "~/lib/i18n-react";
import { useAppState } from "~/lib/client/app-state";

/** "New version — Reload" (spec §4's needs-refresh state): shown while a new build's worker waits. */
export function UpdateToast() {
  const { t } = useTranslation();
  const { needsRefresh } = useAppState();
  if (!needsRefresh) return null;
  return (
    <div className="update-toast" role="status">
      <p>{t("app.update.text")}</p>
      <button
        type="button"
        className="button small"
        onClick={() => void import("~/lib/client/service-worker").then(({ applyUpdate }) => applyUpdate())}
      >
        {t("app.update.reload")}
      </button>
    </div>
  );
}
