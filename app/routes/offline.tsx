import { useTranslation } from "~/lib/i18n-react";
import { useSite } from "~/lib/root-data";

/**
 * /offline (public, lander layout: no header, no scripts): the page the service worker answers
 * with when a page cannot be loaded because the device is offline (docs/product.md §1.8). It is
 * precached once per build, so it carries nothing private, and it answers in place of the page
 * that was asked for: "Try again" loads that same address.
 */
export const handle = { hydrate: false };

export function loader() {
  // Rendered for the service worker's precache; the root's data is enough.
  return { offline: true };
}

export default function Offline() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="offline-page">
      <title>{t("app.offline.title")}</title>
      <meta name="robots" content="noindex" />
      <span className="brand-mark" aria-hidden="true" />
      <h1>{t("app.offline.heading")}</h1>
      <p className="lead">{t("app.offline.text", { site: site?.name ?? "" })}</p>
      <p className="actions">
        {/* biome-ignore lint/a11y/useValidAnchor: an empty href is the current address, the page the member asked for (not /offline) */}
        <a className="button" href="">
          {t("app.offline.retry")}
        </a>
      </p>
    </div>
  );
}
