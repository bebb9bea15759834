import { iconFileOf, iconLook, iconResponse } from "~/lib/brand-icon/site-icon.server";
import { siteSettings } from "~/lib/api/site.server";
import type { Route } from "./+types/site-icon";

/**
 * GET /icons/site/{192.png, 512.png, maskable-512.png, favicon.svg} (issue 29 point 23; ADR 061):
 * this site's icon drawn from its theme and name, so every site, a new one too, has its own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const file = iconFileOf(params.file);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const settings = await siteSettings(request, context);
  return iconResponse(request, iconLook(settings), file);
}
