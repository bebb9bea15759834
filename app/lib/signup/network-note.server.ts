/**
 * The sentence that names the sites a new member's profile is shown on (docs/product.md §13.7),
 * made on the server: /signup's step 0 and step 2 show it as text, so the sign-up page's
 * JavaScript carries no component or list formatting for it (its first load is at the 130 KB
 * budget, docs/architecture.md §6).
 */
import type { RouterContextProvider } from "react-router";
import type { Settings } from "../../../contract/schemas";
import { getInstance, requestLocale } from "../i18n.server";

export function networkNote(
  settings: Pick<Settings, "name" | "network_sites">,
  context: Readonly<RouterContextProvider>,
): string {
  const { t } = getInstance(context);
  const sites = settings.network_sites.length > 0 ? settings.network_sites : [settings.name];
  if (sites.length === 1) return t("visibility.signupNoteOne", { site: settings.name });
  const list = new Intl.ListFormat(requestLocale(context), { style: "long", type: "conjunction" }).format(sites);
  return t("visibility.signupNote", { sites: list, site: settings.name });
}
