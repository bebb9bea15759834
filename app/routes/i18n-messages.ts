import { data } from "react-router";
import { CATALOGS, type Catalog, catalogOf, messages } from "../../contract/messages";
import { I18N_BUILD_ID } from "~/lib/i18n";
import { isLocale } from "../../contract/locales";
import type { Route } from "./+types/i18n-messages";

/**
 * GET /_i18n/{build-id}/{locale}/{catalog}.json (docs/product.md §7): `messages.json` for members'
 * pages, `staff.json` for the staff console's (contract/messages catalogOf). The answer is keyed by
 * locale. The build id changes with the messages, so the current one is cached for a year.
 */
export function loader({ params }: Route.LoaderArgs) {
  const catalog = CATALOGS.find((name) => `${name}.json` === params.file);
  if (!isLocale(params.locale) || !catalog) throw data({ error: "unknown_locale" }, { status: 404 });
  const current = params.buildId === I18N_BUILD_ID;
  return Response.json(
    { [params.locale]: catalogOf(messages[params.locale], catalog satisfies Catalog) },
    { headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache" } },
  );
}
