import { useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { TRACKING_PARAMS, type Tracking } from "~/lib/tracking";

/**
 * "May we remember the partner who sent you?" (ADR 034): shown to a visitor who arrived from a
 * partner's link and has not answered yet. A plain form post to /consent (it works without
 * JavaScript and on the landers, which run none); both answers are buttons of the same weight,
 * as refusing must be as easy as agreeing. The partner's values travel in the form, so the
 * answer keeps them even when the visitor has moved on to another page.
 */
export default function ConsentBanner({ tracking }: { tracking: Tracking }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <aside className="consent-banner" aria-labelledby="consent-heading">
      <form method="post" action="/consent" className="consent-card card-surface">
        <h2 id="consent-heading">{t("consent.heading")}</h2>
        <p>
          {t("consent.text")} <a href="/pages/cookies#choice">{t("consent.more")}</a>
        </p>
        {TRACKING_PARAMS.map((name) =>
          tracking[name] ? <input key={name} type="hidden" name={`tracking.${name}`} value={tracking[name]} /> : null,
        )}
        <input type="hidden" name="returnTo" value={location.pathname + location.search + location.hash} />
        <div className="consent-actions">
          <button type="submit" name="choice" value="partners" className="button">
            {t("consent.allow")}
          </button>
          <button type="submit" name="choice" value="none" className="button">
            {t("consent.refuse")}
          </button>
        </div>
      </form>
    </aside>
  );
}
