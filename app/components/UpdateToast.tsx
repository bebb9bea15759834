import { useTranslation } from "~/lib/i18n-react";
import { useAppState } from "~/lib/client/app-state";

/** "New version — Reload" (spec §4's needs-refresh state): shown while a new build's worker waits. */
export function UpdateToast() {
  const { needsRefresh } = useAppState();
  if (!needsRefresh) return null;
  return <UpdateToastView onReload={() => void import("~/lib/client/service-worker").then(({ applyUpdate }) => applyUpdate())} />;
}

export function UpdateToastView({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="update-toast" role="status">
      <p>{t("app.update.text")}</p>
      <button type="button" className="button small" onClick={onReload}>
        {t("app.update.reload")}
      </button>
    </div>
  );
}
