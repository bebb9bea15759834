import { data, type RouterContextProvider } from "react-router";
import { search } from "./api/discover.server";
import { fetchCsrf } from "./api/signup.server";
import { siteSettings } from "./api/site.server";
import { readCookie } from "./cookies.server";
import { getOptionalUser } from "./auth.server";
import { apiContext } from "./middleware.server";
import { signupOpen } from "../../contract/rules/signup-steps";
import { parseTracking, TRACKING_COOKIE } from "./tracking";

const SHOWN = 8;

/**
 * Throws the 404 page. A logged-in member gets profiles from their search with it, a visitor
 * the sign-up form (spec §2: members see a grid of search profiles without actions, guests a
 * sign-up-for-free form). If that search or the form's token fails, the page comes without.
 */
export async function notFound(request: Request, context: Readonly<RouterContextProvider>): Promise<never> {
  let profiles: unknown[] = [];
  let signup: { csrf: string } | null = null;
  const api = context.get(apiContext);
  if (getOptionalUser(context)) {
    const result = await search(api, { firstLoad: true, page: 1 }).catch(() => null);
    if (result?.ok) profiles = result.data.profiles.slice(0, SHOWN);
  } else {
    const settings = await siteSettings(request, context);
    const tracking = parseTracking(readCookie(request, TRACKING_COOKIE.name));
    const csrf = signupOpen(settings.signups, tracking.network) ? await fetchCsrf(api).catch(() => null) : null;
    if (csrf?.ok) signup = { csrf: csrf.data.csrf };
  }
  throw data({ profiles, signup }, { status: 404, statusText: "Not Found" });
}
