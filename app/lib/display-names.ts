/**
 * Country and language names in the interface language, for the pages that show them (profile
 * cards, a member's page, the search's country filter): the site's countries and the interface
 * languages come with the root data (lib/format.ts nameTable), others from Intl. Its own module,
 * so pages without names do not load the Intl code (docs/architecture.md §6, first-load budget).
 */
import { countryName, languageName } from "./format";
import { useTranslation } from "./i18n-react";
import { useRootData } from "./root-data";

export function useDisplayNames() {
  const names = useRootData()?.names;
  const { locale } = useTranslation();
  return {
    country: (code: string | null) => (code ? (names?.regions[code] ?? countryName(locale, code)) : ""),
    language: (code: string) => names?.languages[code] ?? languageName(locale, code),
  };
}
