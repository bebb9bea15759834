/**
 * The site-entry warning (docs/product.md §2.5, docs/decisions/024): whether this request's
 * page is to be shown behind the 18+ notice.
 */
import { isbot } from "isbot";
import type { RouterContextProvider } from "react-router";
import type { Settings } from "../../contract/schemas";
import { getOptionalUser } from "./auth.server";
import { ENTRY_WARNING_COOKIE, entryWarningCookie, readCookie } from "./cookies.server";
import { outgoingCookies } from "./context";

type Context = Readonly<RouterContextProvider>;

/** The flag is set: in the request, or by this very request (a lander's form post that came back with errors). */
export function entryWarningSkipped(request: Request, context: Context): boolean {
  if (readCookie(request, ENTRY_WARNING_COOKIE.name) === "1") return true;
  const prefix = `${ENTRY_WARNING_COOKIE.name}=1;`;
  return context.get(outgoingCookies).some((cookie) => cookie.startsWith(prefix));
}

/**
 * The notice stands before the page for a visitor of a site that asks for it, until accepted.
 * Members have accepted by signing up (the form says so); crawlers get the page (they cannot
 * accept, and search engines allow age notices to be skipped for them: decision 024).
 */
export async function needsEntryWarning(
  request: Request,
  context: Context,
  settings: Pick<Settings, "entry_warning">,
): Promise<boolean> {
  if (!settings.entry_warning) return false;
  if ((await getOptionalUser(context)) !== null) return false;
  const userAgent = request.headers.get("user-agent");
  if (userAgent !== null && isbot(userAgent)) return false;
  return !entryWarningSkipped(request, context);
}

/**
 * A sign-up form that carried the embedded warning (the landers' statement) counts as accepting
 * it: the flag is set on whatever the post answers, errors included.
 */
export function acceptEmbeddedEntryWarning(request: Request, context: Context, form: FormData): void {
  if (form.get("entry_warning") !== "accepted") return;
  if (readCookie(request, ENTRY_WARNING_COOKIE.name) === "1") return;
  context.get(outgoingCookies).push(entryWarningCookie(request, true));
}
