import { redirect } from "react-router";
import { updateUser } from "~/lib/api/signup.server";
import { getOptionalUser } from "~/lib/auth.server";
import { toastCookie } from "~/lib/cookies.server";
import { isLocale } from "../../contract/locales";
import { localeCookie } from "~/lib/i18n.server";
import { apiContext } from "~/lib/context";
import { safeRedirect } from "~/lib/redirect";
import type { Route } from "./+types/language";

export function loader() {
  throw redirect("/");
}

/**
 * The language switcher's form: keeps the choice in the locale cookie (and on a logged-in
 * member's account) and goes back to the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("lng");
  const back = safeRedirect(form.get("returnTo"), "/");
  if (!isLocale(locale)) throw redirect(back);
  if (await getOptionalUser(context)) {
    // The member's mails follow the interface: the account keeps the language too.
    const saved = await updateUser(context.get(apiContext), { language: locale });
    if (!saved.ok) console.warn("language not stored on the account", saved.status, saved.error.error);
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await localeCookie.serialize(locale));
  headers.append("Set-Cookie", toastCookie(request, { key: "languageChanged" }));
  throw redirect(back, { headers });
}
