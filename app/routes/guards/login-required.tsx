/** Wraps every route that needs a member (docs/product.md §2 "login"): visitors go to /login?redirectTo=… */
import { requireMemberPage, requireUserMiddleware } from "~/lib/middleware.server";
import type { Route } from "./+types/login-required";

export const middleware = [requireUserMiddleware];

/**
 * A loader makes client-side navigations ask the server, so the guard runs for them too. Its
 * redirect also keeps the page from rendering for a visitor: the page's own loaders answer at
 * the same moment as the member's lookup (their calls go in one batch, docs/decisions/066).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireMemberPage(args);
  return null;
}
