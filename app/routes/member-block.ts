import { redirect } from "react-router";
import { setBlock } from "~/lib/api/safety.server";
import { toastCookie } from "~/lib/cookies.server";
import { requireUser } from "~/lib/auth.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/member-block";

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/members/${params.memberId}`);
}

/**
 * POST /members/:memberId/block with intent=block|unblock (docs/product.md "Trust and safety").
 * A block leads away from the member (whose page is gone for the blocker now) to the search;
 * an unblock back where it was asked (the blocked list in /profile). Both say so in a toast.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser({ request, context }, `/members/${params.memberId}`);
  const form = await request.formData();
  const profileId = Number(params.memberId);
  const intent = form.get("intent");
  if (!Number.isInteger(profileId) || profileId <= 0 || (intent !== "block" && intent !== "unblock")) {
    pageError(400, "Bad Request");
  }
  const block = intent === "block";
  const result = await setBlock(context.get(apiContext), profileId, block);
  if (!result.ok) {
    if (result.status === 404 || result.status === 422) pageError(404, "Not Found");
    pageError(result.status);
  }
  const back = safeRedirect(form.get("returnTo"), block ? "/members" : "/profile?part=privacy#blocked");
  throw redirect(back, {
    headers: { "Set-Cookie": toastCookie(request, { key: block ? "memberBlocked" : "memberUnblocked" }) },
  });
}
