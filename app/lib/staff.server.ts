/**
 * What every staff page's loader and action starts with (ADR 029): the staff account of the
 * `staff_sid` session, or a redirect to /staff/login (no session) or /staff/code (password
 * given, code not yet). Staff pages are never cached and never indexed.
 */
import { redirect, type RouterContextProvider } from "react-router";
import type { Staff } from "../../contract/staff";
import type { ApiClient, ApiResult } from "./api/client.server";
import { staffMe } from "./api/staff.server";
import { apiContext } from "./context";
import { apiFailurePage, type PageArgs } from "./page-errors.server";

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

/**
 * The loader of a page about one thing (a case, member or appeal): the staff session, then the
 * API's answer (an unknown id, or one outside the staff's scope, is the 404 page), whether the
 * page comes back after a saved decision (?saved), and the time its dates are relative to.
 */
export async function loadStaffDetail<T extends object>(args: PageArgs, read: (api: ApiClient) => Promise<ApiResult<T>>) {
  await requireStaffPage(args.context);
  const result = await read(args.context.get(apiContext));
  if (!result.ok) return apiFailurePage(result, args);
  return { ...result.data, saved: new URL(args.request.url).searchParams.has("saved"), now: Date.now() };
}

/** A staff page's form post: the staff session, then the form and the API client. */
export async function readStaffPost({ request, context }: PageArgs): Promise<{ form: FormData; api: ApiClient }> {
  await requireStaffPage(context);
  return { form: await request.formData(), api: context.get(apiContext) };
}

/** Back to the page after a saved decision; the page says so (?saved). */
export function savedRedirect(page: string): never {
  throw redirect(`${page}?saved`, { headers: STAFF_HEADERS });
}
