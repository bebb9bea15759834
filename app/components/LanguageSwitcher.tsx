import { useTranslation } from "~/lib/i18n-react";
import { Form, useLocation } from "react-router";
import { LOCALES } from "../../contract/locales";

/**
 * A plain form, so it works without JavaScript: the choice is kept in the locale cookie and the
 * same page reloads in the new language (a full document load, which brings its messages).
 * A logged-in member's account keeps the choice too: our mails are written in it.
 */
export function LanguageSwitcher({ id = "language-select", returnTo }: { id?: string; returnTo?: string }) {
  const { t, locale } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" reloadDocument className="language-switcher">
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      <label htmlFor={id}>{t("language.label")}</label>
      <select id={id} name="lng" defaultValue={locale}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary small">
        {t("language.change")}
      </button>
    </Form>
  );
}
