/**
 * The error page for a route's ErrorBoundary (the root's and each layout's): reads the thrown
 * error and renders ErrorPage with what it carries. A 404 from lib/page-errors.server.ts carries
 * search profiles for members; an API failure carries the request id.
 */
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import type { ProfileCard as ProfileCardType } from "../../contract/schemas";
import { useOptionalUser, useSite } from "~/lib/root-data";
import { ErrorPage } from "./ErrorPage";

export function RouteErrorPage() {
  const error = useRouteError();
  const loggedIn = useOptionalUser() !== null;
  const site = useSite();
  if (isRouteErrorResponse(error)) {
    const requestId =
      typeof error.data === "object" && error.data !== null && "requestId" in error.data ? String(error.data.requestId) : null;
    return (
      <ErrorPage status={error.status} requestId={requestId} loggedIn={loggedIn} site={site} profiles={profilesIn(error.data)} />
    );
  }
  if (lostConnection(error)) return <LoadInFull />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} requestId={null} loggedIn={loggedIn} site={site} profiles={[]} />;
}

/**
 * A client navigation whose data could not be fetched because the device is offline (or the
 * connection dropped) is not "something went wrong on our side" (issue 29 point 17). Browsers say
 * so with a TypeError ("Failed to fetch", "NetworkError when attempting to fetch resource.",
 * "Load failed"). Only ever true in the browser: the server renders no such error.
 */
function lostConnection(error: unknown): boolean {
  if (typeof navigator === "undefined") return false;
  if (navigator.onLine === false) return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * Loads the address tapped in full, as a link without JavaScript would: offline, a member's
 * service worker answers with the offline page ("You are offline", Try again) at that address,
 * the same page a full load offline gets (docs/product.md §1.8); a visitor, who has no service
 * worker, gets the browser's own offline page; back online, the page itself.
 */
function LoadInFull() {
  const location = useLocation();
  const target = location.pathname + location.search;
  useEffect(() => window.location.replace(target), [target]);
  return null;
}

/** The profiles a 404 carries for members, already parsed by the API client. */
function profilesIn(data: unknown): ProfileCardType[] {
  if (typeof data !== "object" || data === null || !("profiles" in data) || !Array.isArray(data.profiles)) return [];
  return data.profiles.filter(
    (p: unknown): p is ProfileCardType => typeof p === "object" && p !== null && "id" in p && "name" in p,
  );
}
