import { redirect } from "react-router";
import { toastCookie } from "~/lib/cookies.server";
import { isLocale } from "~/lib/i18n";
import { localeCookie } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/language";

export function loader() {
  throw redirect("/");
}

/** The language switcher's form: keeps the choice in the locale cookie and goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("lng");
  const back = safeRedirect(form.get("returnTo"), "/");
  if (!isLocale(locale)) throw redirect(back);
  const headers = new Headers();
  headers.append("Set-Cookie", await localeCookie.serialize(locale));
  headers.append("Set-Cookie", toastCookie(request, { key: "languageChanged" }));
  throw redirect(back, { headers });
}
