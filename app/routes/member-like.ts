import { redirect } from "react-router";
import { setLike } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { toastCookie } from "~/lib/cookies.server";
import { getOptionalUser } from "~/lib/auth.server";
import { apiContext, trackingContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { safeRedirect } from "~/lib/redirect";
import { signupOpen } from "../../contract/rules/signup-steps";
import type { Route } from "./+types/member-like";

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/members/${params.memberId}`);
}

/**
 * POST /members/:memberId/like with intent=like|unlike. A visitor cannot like (docs/product.md §6):
 * they are offered sign-up (issue 16, defect 10), which leads back to the member at its end (and
 * its "Log in" link too); where sign-up is closed to them (an invite-only site and no traffic
 * source) they go to log in, and back to the member. Without JavaScript a member's page reloads
 * where it was; a fetcher gets { liked } and React Router reloads the likes.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirect(form.get("returnTo"), `/members/${params.memberId}`);
  if (!(await getOptionalUser(context))) throw redirect(await visitorGoesTo(request, context, params.memberId));
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
  const match = result.data.did_like_profile && result.data.mutual;
  // Without JavaScript a match opens the member's page with the match moment (docs/product.md §4.5),
  // carrying where the like was given for its "Keep looking".
  if (request.headers.get("accept")?.includes("text/html")) {
    throw redirect(match ? `/members/${profileId}?match=${encodeURIComponent(back)}` : back);
  }
  return { liked: result.data.did_like_profile, match };
}

/**
 * Where a visitor who likes goes: sign-up when it is open to them, else log in; either way with
 * the member's page to come back to (a path of this site: /signup and /login check it again).
 */
async function visitorGoesTo(request: Request, context: Route.ActionArgs["context"], memberId: string): Promise<string> {
  const member = /^[1-9]\d{0,15}$/.test(memberId) ? `/members/${memberId}` : "/members";
  const settings = await siteSettings(request, context);
  const { network } = context.get(trackingContext).tracking;
  const page = signupOpen(settings.signups, network) ? "/signup" : "/login";
  return `${page}?redirectTo=${encodeURIComponent(member)}`;
}
