/** Wraps every route that needs a member (spec §2 "login"): visitors go to /login?redirectTo=… */
import { requireMemberMiddleware } from "~/lib/middleware.server";

export const middleware = [requireMemberMiddleware];

// A loader makes client-side navigations ask the server, so the guard runs for them too.
export function loader() {
  return null;
}
