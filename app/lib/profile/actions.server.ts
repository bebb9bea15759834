/**
 * /profile's forms (docs/product.md §4 "profile"): each form posts an `intent`, and each intent
 * has one handler here. A handler answers the form's reply (errors beside the fields, under the
 * form's `section`) or redirects back to its part of the page with the "saved" toast.
 */
import { redirect, type RouterContextProvider } from "react-router";
import {
  changePassword,
  deletePhoto,
  requestMailChange,
  savePushSettings,
  setMainPhoto,
  turnPushOff,
} from "../api/account.server";
import type { ApiClient } from "../api/client.server";
import { saveVerifiedWritersOnly } from "../api/verification.server";
import { savePushSubscription, updateUser } from "../api/signup.server";
import { siteSettings } from "../api/site.server";
import { requireUser } from "../auth.server";
import { apiContext } from "../context";
import { toastCookie } from "../cookies.server";
import { MailChangeSchema, profileNameSchema } from "../forms/account";
import { takeSuggestedEmail, unansweredSuggestion } from "../forms/email-suggestion.server";
import { apiFieldMessage, rateLimited } from "../forms/fields";
import { parseForm } from "../forms/parse.server";
import { ChangePasswordSchema } from "../forms/password";
import { apiErrorReply, formErrors, formReply } from "../forms/reply.server";
import { parseSubscription } from "../signup/flow.server";
import { isProfileSection, parseSection, savePhoto } from "../signup/profile-sections.server";
import { profileSectionHref } from "./parts";

type Context = Readonly<RouterContextProvider>;
interface Post {
  request: Request;
  context: Context;
  api: ApiClient;
  formData: FormData;
}
type Handler = (post: Post) => Promise<Response | ReturnType<typeof formReply>>;

export async function profileAction(request: Request, context: Context) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw redirect("/profile");
  }
  const post = { request, context, api: context.get(apiContext), formData };
  const intent = String(formData.get("intent") ?? "");
  // The did-you-mean button of the email form posts `useEmail` instead of an intent.
  if (formData.has("useEmail")) return changeEmail(post);
  if (isProfileSection(intent)) return saveSection(intent, post);
  const handler = HANDLERS[intent];
  if (handler) return handler(post);
  throw redirect("/profile");
}

function saved(request: Request, section: string): never {
  throw redirect(profileSectionHref(section), { headers: { "Set-Cookie": toastCookie(request, { key: "profileSaved" }) } });
}

/** An unticked box is not sent, so it is off. */
const ticked = (formData: FormData, name: string) => formData.get(name) === "on";

const HANDLERS: Record<string, Handler> = {
  name: changeName,
  photo: addPhoto,
  "photo-delete": (post) => changePhoto("photo-delete", post),
  "photo-main": (post) => changePhoto("photo-main", post),
  password: changeOwnPassword,
  email: changeEmail,
  push: pushOn,
  "push-kinds": pushKinds,
  visibility,
  "push-off": pushOff,
};

async function changeName({ request, context, api, formData }: Post) {
  const submission = parseForm(formData, profileNameSchema((await requireUser({ request, context })).email));
  const section = "name";
  if (submission.status !== "success") return formReply(submission.reply(), 400, { section });
  const result = await updateUser(api, { name: submission.value.name });
  if (!result.ok) {
    const code = result.error.fields?.name;
    const errors = code ? { fieldErrors: { name: [apiFieldMessage("name", code)] } } : { formErrors: ["errors.generic"] };
    return formReply(submission.reply(errors), result.status, { section });
  }
  saved(request, "name");
}

/** The parts the sign-up steps ask for too (location, personal, about: lib/signup/profile-sections.server.ts). */
async function saveSection(intent: Parameters<typeof parseSection>[0], { request, context, api, formData }: Post) {
  const parsed = parseSection(intent, formData, await siteSettings(request, context));
  if (!parsed.ok) return formReply(parsed.result, 400, { section: intent });
  const result = await updateUser(api, parsed.update);
  if (!result.ok) return formReply(parsed.submission.reply({ formErrors: ["errors.generic"] }), 400, { section: intent });
  saved(request, intent);
}

async function addPhoto({ request, api, formData }: Post) {
  const failed = await savePhoto(api, formData);
  if (failed) return formReply(formErrors(failed.error), failed.status, { section: "photos" });
  saved(request, "photos");
}

async function changePhoto(intent: "photo-delete" | "photo-main", { request, api, formData }: Post) {
  const id = Number(formData.get("id"));
  const result =
    Number.isInteger(id) && id > 0 ? await (intent === "photo-delete" ? deletePhoto(api, id) : setMainPhoto(api, id)) : null;
  if (!result?.ok) return formReply(formErrors("errors.photoGone"), 404, { section: "photos" });
  saved(request, "photos");
}

async function changeOwnPassword({ request, api, formData }: Post) {
  const submission = parseForm(formData, ChangePasswordSchema);
  const hideFields = ["current", "password", "repeat"];
  const section = "password";
  if (submission.status !== "success") return formReply(submission.reply({ hideFields }), 400, { section });
  const result = await changePassword(api, submission.value.current, submission.value.password);
  if (!result.ok) {
    // The current password's refusals show beside it; anything else beside the new one.
    const own = ["wrong_password", "rate_limited"] as const;
    return apiErrorReply(submission, result, { own, field: "current", otherField: "password", hideFields, flags: { section } });
  }
  saved(request, "password");
}

/** The email change: the did-you-mean first (without JavaScript), then the API sends the link. */
async function changeEmail({ request, api, formData }: Post) {
  const hideFields = ["password"];
  const section = "email";
  if (takeSuggestedEmail(formData)) {
    const submission = parseForm(formData, MailChangeSchema);
    return formReply(submission.reply({ hideFields }), 400, { section });
  }
  const submission = parseForm(formData, MailChangeSchema);
  if (submission.status !== "success") return formReply(submission.reply({ hideFields }), 400, { section });
  const suggestion = unansweredSuggestion(submission.value.email, submission.value.keepEmail);
  if (suggestion) return formReply(submission.reply({ hideFields }), 400, { section, suggestion });

  const result = await requestMailChange(api, submission.value.email, submission.value.password);
  if (!result.ok) {
    const { error } = result;
    const fieldErrors: Record<string, string[]> =
      error.error === "wrong_password"
        ? { password: ["errors.wrong_password"] }
        : error.error === "rate_limited"
          ? { email: [rateLimited(error.retry_after)] }
          : error.fields?.email
            ? { email: [MAIL_CHANGE_ERRORS.has(error.fields.email) ? `errors.${error.fields.email}` : "errors.generic"] }
            : { email: ["errors.generic"] };
    return formReply(submission.reply({ hideFields, fieldErrors }), result.status, { section });
  }
  throw redirect(profileSectionHref("email"), {
    headers: { "Set-Cookie": toastCookie(request, { key: "mailChangeSent", values: { email: result.data.email } }) },
  });
}

/** The API's refusals of a new address that have their own message. */
const MAIL_CHANGE_ERRORS = new Set([
  "same_email",
  "invalid_email",
  "existing_account_active",
  "deleted_account_exists",
  "address_banned",
  // A throwaway mail service (ADR 056).
  "email_disposable",
]);

async function pushOn({ request, api, formData }: Post) {
  const subscription = parseSubscription(String(formData.get("subscription") ?? ""));
  const result = subscription ? await savePushSubscription(api, subscription) : null;
  if (!result?.ok) return formReply(formErrors("errors.generic"), 400, { section: "push" });
  saved(request, "push");
}

/** The kinds of push (messages, likes, news). */
async function pushKinds({ request, api, formData }: Post) {
  const on = (name: string) => ticked(formData, name);
  const result = await savePushSettings(api, { messages: on("messages"), likes: on("likes"), news: on("news") });
  if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "push-kinds" });
  saved(request, "push-kinds");
}

/** Who sees the profile (docs/product.md "Visibility across sites"). */
async function visibility({ request, api, formData }: Post) {
  const result = await updateUser(api, {
    only_this_site: ticked(formData, "only_this_site"),
    promote: ticked(formData, "promote"),
  });
  if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "visibility" });
  // "Only verified members can write to me" (ADR 059): its own call, sent only by a form that shows it.
  if (formData.has("verified_writers_shown")) {
    const writers = await saveVerifiedWritersOnly(api, ticked(formData, "verified_writers_only"));
    if (!writers.ok) return formReply(formErrors("errors.generic"), writers.status, { section: "visibility" });
  }
  saved(request, "visibility");
}

async function pushOff({ request, api }: Post) {
  const result = await turnPushOff(api);
  if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "push" });
  saved(request, "push");
}
