import { useTranslation } from "~/lib/i18n-react";
import { useRootLocale, useSite } from "~/lib/root-data";

/**
 * Which sites will show the new member's profile (docs/product.md "Visibility across sites"):
 * the operator's sites that share a country with this one, with where to choose this site only.
 * On /signup's step 0, before the account exists, and on step 2 (the photo), which sign-ups from
 * a lander pass too (a lander's first view has no room for it: docs/architecture.md §6).
 */
export function NetworkNote() {
  const { t } = useTranslation();
  const site = useSite();
  const locale = useRootLocale() ?? "en";
  if (!site) return null;
  const sites = site.networkSites.length > 0 ? site.networkSites : [site.name];
  if (sites.length === 1) return <p className="field-help network-note">{t("visibility.signupNoteOne", { site: site.name })}</p>;
  const list = new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(sites);
  return <p className="field-help network-note">{t("visibility.signupNote", { sites: list, site: site.name })}</p>;
}
