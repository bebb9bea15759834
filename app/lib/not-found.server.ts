import { data, type RouterContextProvider } from "react-router";
import { search } from "./api/discover.server";
import { userContext } from "./context";
import { apiContext } from "./middleware.server";

const SHOWN = 8;

/**
 * Throws the 404 page. A logged-in member gets profiles from their search with it (spec §2:
 * the error page shows members a grid of search profiles without actions); if that search
 * fails, the page comes without them.
 */
export async function notFound(context: Readonly<RouterContextProvider>): Promise<never> {
  let profiles: unknown[] = [];
  if (context.get(userContext)) {
    const result = await search(context.get(apiContext), { firstLoad: true, page: 1 }).catch(() => null);
    if (result?.ok) profiles = result.data.profiles.slice(0, SHOWN);
  }
  throw data({ profiles }, { status: 404, statusText: "Not Found" });
}
