import { useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { Toast } from "~/lib/toast";

/**
 * The toast left by the last redirect. It hides itself after 5 s with a CSS animation that
 * pauses while hovered, so it behaves the same with JavaScript off.
 */
export function Toasts({ toast }: { toast: (Toast & { id: string }) | null }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <section className="toasts" aria-label={t("toast.region")} aria-live="polite">
      {toast && dismissed !== toast.id ? (
        <div key={toast.id} className="toast" role="status">
          <p>{t(`toast.${toast.key}`, toast.values ?? {})}</p>
          <button type="button" className="toast-close" onClick={() => setDismissed(toast.id)} aria-label={t("toast.close")}>
            ×
          </button>
        </div>
      ) : null}
    </section>
  );
}
