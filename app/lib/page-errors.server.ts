/**
 * How loaders and actions end a request with an error page (the one way; the layouts' error
 * boundaries show it, components/RouteErrorPage.tsx):
 * - `if (!found) return notFound(args)`: the 404 page, with search profiles for members or the
 *   sign-up form for visitors;
 * - apiFailurePage(failure, args): an API refusal of what the page shows: a 404 (or 422, an id
 *   the API cannot read) is that 404 page, anything else pageError with the API's status;
 * - pageError(status): the bare error page for that status (an API refusal passed on, a post
 *   that makes no sense).
 * The API client itself throws 502/503 when the API is down or answers nonsense.
 */
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

interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Throws the 404 page. A logged-in member gets profiles from their search with it, a visitor
 * the sign-up form (docs/product.md §2: members see a grid of search profiles without actions, guests a
 * sign-up-for-free form). If that search or the form's token fails, the page comes without.
 */
export async function notFound({ request, context }: PageArgs): Promise<never> {
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

/** The error page with this status and nothing else (an API refusal passed on, a request that makes no sense). */
export function pageError(status: number, statusText?: string): never {
  throw data(null, statusText === undefined ? { status } : { status, statusText });
}

/**
 * An API refusal of what the page shows: "not there" (404, or 422 for an id the API cannot
 * read) is the 404 page; anything else the error page with the API's status.
 */
export function apiFailurePage(failure: { status: number }, args: PageArgs): Promise<never> {
  if (failure.status === 404 || failure.status === 422) return notFound(args);
  pageError(failure.status);
}
