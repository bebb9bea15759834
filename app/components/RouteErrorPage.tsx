/**
 * The error page for a route's ErrorBoundary (the root's and each layout's): reads the thrown
 * error and renders ErrorPage with what it carries. A 404 from lib/page-errors.server.ts carries
 * search profiles for members; an API failure carries the request id.
 */
import { isRouteErrorResponse, useRouteError } from "react-router";
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
  if (lostConnection(error)) {
    return <ErrorPage status={0} offline requestId={null} loggedIn={loggedIn} site={site} profiles={[]} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} requestId={null} loggedIn={loggedIn} site={site} profiles={[]} />;
}

/**
 * A client navigation whose data could not be fetched because the device is offline (or the
 * connection dropped): "You are offline", as a full load offline gets from the service worker,
 * not "something went wrong on our side" (issue 29 point 17). Browsers say so with a TypeError
 * ("Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"). Only
 * ever true in the browser: the server renders no such error.
 */
function lostConnection(error: unknown): boolean {
  if (typeof navigator === "undefined") return false;
  if (navigator.onLine === false) return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** The profiles a 404 carries for members, already parsed by the API client. */
function profilesIn(data: unknown): ProfileCardType[] {
  if (typeof data !== "object" || data === null || !("profiles" in data) || !Array.isArray(data.profiles)) return [];
  return data.profiles.filter(
    (p: unknown): p is ProfileCardType => typeof p === "object" && p !== null && "id" in p && "name" in p,
  );
}
