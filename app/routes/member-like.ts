import { redirect } from "react-router";
import { setLike } from "~/lib/api/discover.server";
import { toastCookie } from "~/lib/cookies.server";
import { requireUser } from "~/lib/auth.server";
import { apiContext } from "~/lib/middleware.server";
import { pageError } from "~/lib/page-errors.server";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/member-like";

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/members/${params.memberId}`);
}

/**
 * POST /members/:memberId/like with intent=like|unlike. Visitors go to login and come back
 * to the page they were on. Without JavaScript the page reloads where it was; a fetcher gets
 * { liked } and React Router reloads the likes.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("returnTo"), `/members/${params.memberId}`);
  requireUser({ request, context }, back);
  const profileId = Number(params.memberId);
  const intent = form.get("intent");
  if (!Number.isInteger(profileId) || profileId <= 0 || (intent !== "like" && intent !== "unlike")) {
    pageError(400, "Bad Request");
  }
  const result = await setLike(context.get(apiContext), profileId, intent === "like");
  if (!result.ok) {
    // docs/product.md §8: like failures are only logged; the member sees the unchanged state after the reload.
    console.warn("like failed", profileId, result.status, result.error.error);
    if (result.status === 404) pageError(404, "Not Found");
    throw redirect(back, { headers: { "Set-Cookie": toastCookie(request, { key: "likeFailed" }) } });
  }
  if (request.headers.get("accept")?.includes("text/html")) throw redirect(back);
  return { liked: result.data.did_like_profile };
}
