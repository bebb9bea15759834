/**
 * The one way loaders, actions and middleware read or check the logged-in member. The root
 * middleware fetches the member once per request (lib/middleware.server.ts) and keeps it in the
 * router context; these read it from there, so asking twice costs nothing.
 * Components use useUser() / useOptionalUser() (lib/root-data.ts) instead.
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { User } from "../../contract/schemas";
import { userContext, userFailureContext } from "./context";

type Context = Readonly<RouterContextProvider>;

/** The logged-in member, or null for a visitor (public and optional pages). */
export function getOptionalUser(context: Context): User | null {
  return readUser(context);
}

/** The member; the API's failure to say who it is (the error page) is thrown here, where it is needed. */
function readUser(context: Context): User | null {
  const failure = context.get(userFailureContext);
  if (failure) throw failure.thrown;
  return context.get(userContext);
}

/**
 * The logged-in member; a visitor is sent to /login and comes back to `returnTo` afterwards
 * (by default the page they asked for: its path and query).
 */
export function requireUser({ request, context }: { request: Request; context: Context }, returnTo?: string): User {
  const user = readUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(returnTo ?? url.pathname + url.search)}`);
}
