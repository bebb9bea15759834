import { redirect } from "react-router";
import { entryWarningCookie } from "~/lib/cookies.server";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/entry-warning";

export function loader() {
  throw redirect("/");
}

/**
 * POST /entry-warning: the site-entry notice's "Enter" (docs/product.md §2.5). Sets the
 * "skipped site entry warning" flag and goes back to the page asked for (a path of this site
 * only; anything else goes to the welcome page). Works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirect(form.get("redirectTo"), "/");
  throw redirect(back, { headers: { "Set-Cookie": entryWarningCookie(request, true) } });
}
