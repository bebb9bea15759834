import { redirect } from "react-router";
import { logout } from "~/lib/api/session.server";
import { toastCookie } from "~/lib/cookies.server";
import { apiContext, outgoingCookies } from "~/lib/context";
import type { Route } from "./+types/logout";

/** Logging out is a post; a GET (an old link, a prefetch) changes nothing. */
export function loader() {
  throw redirect("/");
}

/**
 * docs/product.md §4, §8: 'done' clears the user and goes to login; on error the user is cleared and sent
 * to login all the same. Clearing the session cookie here covers an API that could not answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const result = await logout(context.get(apiContext));
    if (!result.ok) console.warn("logout answered", result.status, result.error.error);
  } catch (error) {
    console.warn("logout failed", error);
  }
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  context.get(outgoingCookies).push(`sid=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  throw redirect("/login", { headers: { "Set-Cookie": toastCookie(request, { key: "loggedOut" }) } });
}
