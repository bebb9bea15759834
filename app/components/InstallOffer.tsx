import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { setAppState, useAppState } from "~/lib/client/app-state";

const DISMISSED_KEY = "install-offer-dismissed-at";
const QUIET_FOR_MS = 30 * 24 * 60 * 60_000;

/**
 * The offer to install the site as an app (docs/product.md §1.8), on a member's home page: never
 * on a first paint (it needs the browser's install prompt, which comes after the page has
 * loaded, or on an iPhone the "Add to Home Screen" hint), and quiet for 30 days once dismissed.
 */
export function InstallOffer({ siteName }: { siteName: string }) {
  const { installPrompt } = useAppState();
  const [ios, setIos] = useState(false);
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => {
    const at = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
    setDismissed(Date.now() - at < QUIET_FOR_MS);
    setIos(isIosBrowser());
  }, []);
  if (dismissed || (!installPrompt && !ios)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
    setDismissed(true);
  };
  const install = async () => {
    if (!installPrompt) return;
    await installPrompt.prompt();
    const { outcome } = await installPrompt.userChoice;
    // A prompt can be used once.
    setAppState({ installPrompt: null });
    if (outcome === "dismissed") dismiss();
  };
  return (
    <InstallOfferCard
      siteName={siteName}
      canInstall={installPrompt !== null}
      onInstall={() => void install()}
      onDismiss={dismiss}
    />
  );
}

/** The offer itself: "Install" where the browser can install, else the iPhone's "Add to Home Screen" hint. */
export function InstallOfferCard({
  siteName,
  canInstall,
  onInstall,
  onDismiss,
}: {
  siteName: string;
  canInstall: boolean;
  onInstall: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside className="install-offer" aria-labelledby={titleId}>
      <span className="brand-mark" aria-hidden="true" />
      <div className="install-offer-text">
        <h2 id={titleId}>{t("app.install.title", { site: siteName })}</h2>
        <p>{canInstall ? t("app.install.text") : t("app.install.iosHint")}</p>
      </div>
      <div className="install-offer-actions">
        {canInstall ? (
          <button type="button" className="button small" onClick={onInstall}>
            {t("app.install.install")}
          </button>
        ) : null}
        <button type="button" className="link-button quiet" onClick={onDismiss}>
          {t("app.install.dismiss")}
        </button>
      </div>
    </aside>
  );
}

/** Safari on an iPhone or iPad, not already opened from the home screen. */
function isIosBrowser(): boolean {
  const standalone: unknown = Reflect.get(navigator, "standalone");
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  return ios && standalone !== true && !window.matchMedia("(display-mode: standalone)").matches;
}
