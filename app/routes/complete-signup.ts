import { redirect } from "react-router";
import { getOptionalUser } from "~/lib/auth.server";
import type { Route } from "./+types/complete-signup";

/**
 * /complete-signup (public): the link that brings a member back to an unfinished sign-up. The
 * sign-up page itself knows the step (it lives on the server); a finished, confirmed member goes
 * home, and a visitor without an account to /signup.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (user && user.status === "active" && user.profile.lastSignupStep >= 7) throw redirect("/home");
  throw redirect("/signup");
}
