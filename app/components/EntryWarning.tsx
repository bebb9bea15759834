import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useSite } from "~/lib/root-data";
import { nicheNatureKey } from "~/lib/niche-nature";

/**
 * The site-entry warning (docs/product.md §2.5, docs/decisions/024): shown before any content on
 * a site whose settings ask for it, until the visitor says they are 18 or older. "Enter" is a
 * plain form post (it works without JavaScript) that sets the "skipped site entry warning" flag
 * and comes back to the page asked for.
 */
export function EntryWarning({ siteName, niche }: { siteName: string; niche: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <main id="main" className="entry-warning">
      <title>{t("entryWarning.title", { site: siteName })}</title>
      <meta name="robots" content="noindex" />
      <section className="entry-warning-card card-surface" aria-labelledby="entry-warning-heading">
        <p className="entry-warning-brand">
          <span className="brand-mark" aria-hidden="true" />
          {siteName}
        </p>
        <p className="entry-warning-age" aria-hidden="true">
          18+
        </p>
        <h1 id="entry-warning-heading">{t("entryWarning.heading")}</h1>
        <p className="lead">{t("entryWarning.nature", { site: siteName, nature: t(nicheNatureKey(niche)) })}</p>
        <ul className="entry-warning-points">
          <li>{t("entryWarning.pointAge")}</li>
          <li>{t("entryWarning.pointContent")}</li>
          <li>{t("entryWarning.pointLaw")}</li>
        </ul>
        <Form method="post" action="/entry-warning" className="entry-warning-actions">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button type="submit" className="button large">
            {t("entryWarning.enter")}
          </button>
          <a className="button secondary large" href="https://www.google.com/" rel="noreferrer">
            {t("entryWarning.leave")}
          </a>
        </Form>
        <p className="muted">
          {t("entryWarning.cookie")} <Link to="/pages/terms">{t("signup.account.terms")}</Link> ·{" "}
          <Link to="/pages/privacy">{t("signup.account.privacy")}</Link>
        </p>
      </section>
    </main>
  );
}

/**
 * The spec's signupFlowEmbeddedSiteEntryWarning: on a lander of a site with the site-entry warning,
 * the form says what the site is and that signing up confirms being 18 or older; sending the form
 * accepts the warning (lib/entry-warning.server.ts), so no page stands before the lander.
 */
export function EmbeddedEntryWarning({ niche }: { niche: number }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <p className="entry-warning-embedded">
      <span className="entry-warning-badge" aria-hidden="true">
        18+
      </span>
      <span>{t("entryWarning.embedded", { site: site?.name ?? "", nature: t(nicheNatureKey(niche)) })}</span>
      <input type="hidden" name="entry_warning" value="accepted" />
    </p>
  );
}
