/**
 * What every staff page's loader and action starts with (ADR 029): the staff account of the
 * `staff_sid` session, or a redirect to /staff/login (no session) or /staff/code (password
 * given, code not yet). Staff pages are never cached and never indexed.
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { Staff } from "../../contract/staff";
import { staffMe } from "./api/staff.server";
import { apiContext } from "./middleware.server";

export const STAFF_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function requireStaffPage(context: Readonly<RouterContextProvider>): Promise<Staff> {
  const me = await staffMe(context.get(apiContext));
  if (!me?.ok) throw redirect("/staff/login", { headers: STAFF_HEADERS });
  if (!me.data.totp_ok) throw redirect("/staff/code", { headers: STAFF_HEADERS });
  return me.data.staff;
}

/** A form's text field, or "" (a missing or file field). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
