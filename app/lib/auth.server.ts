/**
 * The one way loaders, actions and middleware read or check the logged-in member. The root
 * middleware asks the API once per request (lib/middleware.server.ts) and keeps the answer's
 * promise in the router context; these await it, so asking twice costs nothing, and a loader
 * that starts its own calls first does not wait for the member before they go out.
 * Components use useUser() / useOptionalUser() (lib/root-data.ts) instead.
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { User } from "../../contract/schemas";
import { userContext } from "./context";

type Context = Readonly<RouterContextProvider>;

/** The logged-in member, or null for a visitor (public and optional pages). */
export function getOptionalUser(context: Context): Promise<User | null> {
  // The API's failure to say who it is (the error page) is thrown here, where it is needed.
  return context.get(userContext);
}

/**
 * The logged-in member; a visitor is sent to /login and comes back to `returnTo` afterwards
 * (by default the page they asked for: its path and query).
 */
export async function requireUser(
  { request, context }: { request: Request; context: Context },
  returnTo?: string,
): Promise<User> {
  const user = await context.get(userContext);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(returnTo ?? url.pathname + url.search)}`);
}
