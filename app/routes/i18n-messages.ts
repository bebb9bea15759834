import { data } from "react-router";
import { messages } from "../../contract/messages";
import { I18N_BUILD_ID } from "~/lib/i18n";
import { isLocale } from "../../contract/locales";
import type { Route } from "./+types/i18n-messages";

/**
 * GET /_i18n/{build-id}/{locale}/messages.json (docs/product.md §7): the answer is keyed by locale. The
 * build id changes with the messages, so the current one is cached for a year.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw data({ error: "unknown_locale" }, { status: 404 });
  const current = params.buildId === I18N_BUILD_ID;
  return Response.json(
    { [params.locale]: messages[params.locale] },
    { headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache" } },
  );
}
