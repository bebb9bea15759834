import { geocode } from "~/lib/api/geocode.server";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { Route } from "./+types/geocode";

/**
 * GET /resources/geocode?lat=&lon= (docs/product.md §4, §7): sign-up step 3 asks which place the
 * device is at. The API checks the coordinates; its refusal (422, 429) keeps its status, and
 * the field stays empty (§8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const result = await geocode(context.get(apiContext), query.get("lat") ?? "", query.get("lon") ?? "");
  if (!result.ok) throw new Response(null, { status: result.status });
  const { country, countryregion, city, attribution } = result.data;
  // The same place for an hour (§9's geolocation cache), in this browser only.
  return jsonAnswer({ country, countryregion, city, attribution }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
