/** Wraps every route that needs a member (docs/product.md §2 "login"): visitors go to /login?redirectTo=… */
import { requireUserMiddleware } from "~/lib/middleware.server";

export const middleware = [requireUserMiddleware];

// A loader makes client-side navigations ask the server, so the guard runs for them too.
export function loader() {
  return null;
}
