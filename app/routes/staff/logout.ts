import { redirect } from "react-router";
import { staffLogout } from "~/lib/api/staff.server";
import { apiContext, outgoingCookies } from "~/lib/context";
import { STAFF_HEADERS } from "~/lib/staff.server";
import { STAFF_COOKIE } from "../../../contract/rules/staff";
import type { Route } from "./+types/logout";

/** Logging out is a post; a GET changes nothing. */
export function loader() {
  throw redirect("/staff/login", { headers: STAFF_HEADERS });
}

/** Ends the staff session (either step); the cookie is cleared here too, whatever the API answered. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await staffLogout(context.get(apiContext));
  } catch (error) {
    console.warn("staff logout failed", error);
  }
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  context.get(outgoingCookies).push(`${STAFF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure}`);
  throw redirect("/staff/login", { headers: STAFF_HEADERS });
}
