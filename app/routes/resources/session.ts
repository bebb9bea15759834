import { getOptionalUser } from "~/lib/auth.server";
import type { Route } from "./+types/session";

/**
 * GET /resources/session (docs/product.md §4, §8, §9): a member's page polls it. The root
 * middleware has asked the API for the member (GET /api/user.php) already: 204 while the session
 * lasts, 403 once it is gone (the page then loads its data again).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(null, { status: (await getOptionalUser(context)) ? 204 : 403, headers: { "Cache-Control": "no-store" } });
}
