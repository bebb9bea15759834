/**
 * The staff decision form, read on the server (app/routes/staff): the same rules as the API
 * (contract/staff.ts), checked here first so a mistake comes back with the input kept; the
 * API's refusals (decided meanwhile, another site's member) come back the same way.
 */
import { data } from "react-router";
import { BAN_CATEGORIES } from "../../contract/schemas";
import { REASON_MAX, REASON_MIN, STAFF_ACTIONS, type StaffAction, type StaffDecideBody } from "../../contract/staff";
import type { FormErrors } from "~/components/staff/StaffParts";
import type { ApiClient, ApiResult } from "./api/client.server";
import { staffDecide } from "./api/staff.server";
import { formText, STAFF_HEADERS, savedRedirect } from "./staff.server";

const KNOWN_API_ERRORS = new Set(["already_decided", "already_banned", "not_banned", "other_site_member", "rate_limited"]);

export function readDecision(form: FormData, allowed: readonly StaffAction[]) {
  const values = Object.fromEntries(
    ["action", "category", "reason", "image", "confirm_ban"].map((name) => [name, formText(form, name)]),
  ) as Record<string, string>;
  const errors: FormErrors = {};
  const action = STAFF_ACTIONS.find((a) => a === values.action && allowed.includes(a));
  if (!action) errors.action = "staff.errors.required";
  const category = BAN_CATEGORIES.find((c) => c === values.category);
  if (!category) errors.category = "staff.errors.required";
  const reason = (values.reason ?? "").replace(/\r\n?/g, "\n").trim();
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) errors.reason = "staff.errors.reason";
  if (action === "ban" && values.confirm_ban !== "1") errors.confirm = "staff.errors.confirmBan";
  const image = Number(values.image);
  if (action === "remove_photo" && !(Number.isInteger(image) && image > 0)) errors.image = "staff.errors.required";
  if (!action || !category || Object.keys(errors).length > 0) return { ok: false as const, errors, values };
  const body: Omit<StaffDecideBody, "case" | "member"> = { action, category, reason };
  if (action === "remove_photo") body.image = image;
  return { ok: true as const, body, values };
}

/** The form again, with the error and the input kept. */
export function formError(errors: FormErrors, values: Record<string, string>, status = 400) {
  return data({ errors, values }, { status, headers: STAFF_HEADERS });
}

/** An API refusal as the form's error. */
export function apiFormError(result: Extract<ApiResult<unknown>, { ok: false }>, values: Record<string, string>) {
  const code = result.error.error;
  return formError({ form: KNOWN_API_ERRORS.has(code) ? `staff.errors.${code}` : "staff.errors.generic" }, values, result.status);
}

/**
 * The decision form posted on a case's or member's page: read it, send it, and back to the page
 * (`page`) on success; otherwise the form again with the error.
 */
export async function submitDecision(
  api: ApiClient,
  form: FormData,
  allowed: readonly StaffAction[],
  about: { case: number } | { member: number },
  page: string,
) {
  const decision = readDecision(form, allowed);
  if (!decision.ok) return formError(decision.errors, decision.values);
  const result = await staffDecide(api, { ...decision.body, ...about });
  if (!result.ok) return apiFormError(result, decision.values);
  return savedRedirect(page);
}
