/**
 * How loaders and actions end a request with an error page (the one way; the layouts' error
 * boundaries show it, components/RouteErrorPage.tsx):
 * - `if (!found) return notFound(args)`: the 404 page, with search profiles for members;
 * - apiFailurePage(failure, args): an API refusal of what the page shows: a 404 (or 422, an id
 *   the API cannot read) is that 404 page, anything else pageError with the API's status;
 * - pageError(status): the bare error page for that status (an API refusal passed on, a post
 *   that makes no sense).
 * The API client itself throws 502/503 when the API is down or answers nonsense.
 */
import { data, type RouterContextProvider } from "react-router";
import { search } from "./api/discover.server";
import { getOptionalUser } from "./auth.server";
import { apiContext } from "./context";

const SHOWN = 8;

/** What of a loader's or action's arguments these use. */
export interface PageArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Throws the 404 page. A logged-in member gets profiles from their search with it (docs/product.md
 * §2: a grid of search profiles without actions); a visitor gets an invitation to sign up, a
 * button rather than the spec's whole form (issue 16: a form on a page that went wrong is not
 * what a lost visitor needs). If the search fails, the page comes without.
 */
export async function notFound({ context }: PageArgs): Promise<never> {
  let profiles: unknown[] = [];
  if (await getOptionalUser(context)) {
    const result = await search(context.get(apiContext), { firstLoad: true, page: 1 }).catch(() => null);
    if (result?.ok) profiles = result.data.profiles.slice(0, SHOWN);
  }
  throw data({ profiles }, { status: 404, statusText: "Not Found" });
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
