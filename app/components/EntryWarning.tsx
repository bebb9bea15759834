import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

const NICHE_NATURE = {
  1: "entryWarning.niche.1",
  2: "entryWarning.niche.2",
  3: "entryWarning.niche.3",
  4: "entryWarning.niche.4",
  5: "entryWarning.niche.5",
  6: "entryWarning.niche.6",
  7: "entryWarning.niche.7",
} as const;

/** The words for what a site of this niche is (docs/product.md §1.3); a niche out of range reads as niche 1. */
export function nicheNatureKey(niche: number) {
  return niche === 2 || niche === 3 || niche === 4 || niche === 5 || niche === 6 || niche === 7
    ? NICHE_NATURE[niche]
    : NICHE_NATURE[1];
}

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
