/**
 * The sign-up flow on the server: which step a request sees (the loader) and what each step's
 * form does (the action). The step lives on the server (profile.lastSignupStep), so a reload
 * or another device resumes where the member was; every step is a plain form post.
 */
import { networkNote } from "./network-note.server";
import { screeningNotice } from "../safety-notice.server";
import { acceptEmbeddedEntryWarning } from "../entry-warning.server";
import { getValibotConstraint } from "@conform-to/valibot";
import { redirect, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { type ApiClient, orUnanswered } from "../api/client.server";
import type { ApiErrorBody, Settings, User } from "../../../contract/schemas";
import { activationState } from "../api/activation.server";
import { checkEmail, createAccount, fetchCsrf, savePushSubscription, updateUser, type UserUpdate } from "../api/signup.server";
import { siteSettings } from "../api/site.server";
import { afterSignup, afterSignupCookie, readCookie, signupTarget } from "../cookies.server";
import { getOptionalUser } from "../auth.server";
import { takeSuggestedEmail, unansweredSuggestion } from "../forms/email-suggestion.server";
import { apiFieldMessage, rateLimited } from "../forms/fields";
import { formErrors, formReply } from "../forms/reply.server";
import { AccountSchema, ChangeEmailSchema, DATE_OF_BIRTH_ERROR } from "../forms/signup";
import { requestLocale } from "../i18n.server";
import { apiContext, trackingContext } from "../context";
import { pageError } from "../page-errors.server";
import { deviceOf, mailSearchUrl } from "./mail-provider";
import { aboutView, locationView, parseSection, personalView, savePhoto, type Reply } from "./profile-sections.server";
import { emailStatusError } from "../../../contract/rules/signup";
import {
  activationComplete,
  ACTIVATION_TIMEOUT_TICKS,
  asStep,
  PUSH_SUPPORT_COOKIE,
  nextStep,
  pushOffered,
  resumeStep,
  signupOpen,
  stepAfterCreation,
  type PushSupport,
  type SignupStep,
} from "../../../contract/rules/signup-steps";
import { parseForm } from "../forms/parse.server";

function pushSupportOf(request: Request): PushSupport {
  const value = readCookie(request, PUSH_SUPPORT_COOKIE);
  return value === "available" || value === "subscribed" || value === "denied" || value === "unsupported" ? value : "unknown";
}

function offeredTo(request: Request, user: User, settings: Settings): boolean {
  return pushOffered({
    loggedIn: true,
    support: pushSupportOf(request),
    accountPush: user.push,
    publicKey: settings.push_pub,
  });
}

/** The step a member is on, by the spec's resume rules and the step kept on the server. */
export function currentStep(request: Request, user: User, settings: Settings): SignupStep {
  return resumeStep(user.profile, offeredTo(request, user, settings));
}

function imagesOf(user: User) {
  return user.profile.images.map((image) => ({ id: image.id, thumb_filename: image.thumb_filename }));
}

// ---------------------------------------------------------------------------------------------
// The loader: what each step shows.

export async function loadSignup(request: Request, context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  const user = await getOptionalUser(context);
  const url = new URL(request.url);
  const common = {
    showDots: settings.signup.showDots,
    siteName: settings.name,
    // The browser may hold a subscription the account lacks: the page adds it (docs/product.md §4).
    accountPush: user ? user.push : undefined,
  };

  // "Sign up first, then go on": remembered, and the address kept clean.
  const goingTo = url.searchParams.get("redirectTo");
  if (goingTo !== null) {
    const path = signupTarget(goingTo);
    throw redirect("/signup", path ? { headers: { "Set-Cookie": afterSignupCookie(request, path) } } : undefined);
  }

  if (!user) {
    const tracking = context.get(trackingContext).tracking;
    if (!signupOpen(settings.signups, tracking.network)) return { ...common, step: "closed" as const };
    const csrf = await fetchCsrf(api);
    if (!csrf.ok) pageError(csrf.status);
    return {
      ...common,
      step: 0 as const,
      csrf: csrf.data.csrf,
      constraint: getValibotConstraint(AccountSchema),
      referrer: request.headers.get("referer") ?? "",
      networkNote: networkNote(settings, context),
      screeningNotice: screeningNotice(settings, context),
    };
  }

  const step = currentStep(request, user, settings);
  if (step === 7 && user.status === "active" && !url.searchParams.has("change-email"))
    throw redirect(afterSignup(request) ?? "/home");

  // Step 2 again after an upload (a main image alone would move the member on to step 3), so
  // the photos show and more can be added.
  const shown: SignupStep = url.searchParams.has("photos") && step <= 3 ? 2 : step;
  switch (shown) {
    case 0:
    case 1:
      return { ...common, step: 1 as const, publicKey: settings.push_pub };
    case 2:
      return {
        ...common,
        step: 2 as const,
        images: imagesOf(user),
        cdnPrefix: settings.cdn_prefix,
        networkNote: networkNote(settings, context),
      };
    case 3:
      return { ...common, step: 3 as const, ...locationView(user, settings) };
    case 4:
      return { ...common, step: 4 as const, ...(await personalView(api, user, requestLocale(context))) };
    case 5:
      return { ...common, step: 5 as const, ...(await aboutView(api, user, requestLocale(context))) };
    case 6: {
      // Without JavaScript the page refreshes itself (?tick=n) until the mail is out.
      const tick = Math.min(ACTIVATION_TIMEOUT_TICKS, Math.max(0, Number(url.searchParams.get("tick")) || 0));
      const state = await activationState(api);
      if (activationComplete(tick, state.ok && state.data.delivered)) {
        await saveStep(api, user, 7);
        throw redirect("/signup");
      }
      return { ...common, step: 6 as const, tick };
    }
    case 7:
      return {
        ...common,
        step: 7 as const,
        email: user.email,
        confirmed: user.status === "active",
        changeEmail: url.searchParams.has("change-email"),
        mailSearchUrl: mailSearchUrl(user.mailprovider, settings.name, deviceOf(request.headers.get("user-agent") ?? "")),
        skipDoubleOptIn: settings.signup.skipDoubleOptIn,
        /** Where the member-area button leads: back to where the visitor was going, or home. */
        next: afterSignup(request),
      };
  }
}

export type SignupView = Awaited<ReturnType<typeof loadSignup>>;

// ---------------------------------------------------------------------------------------------
// The action: one form per step, told apart by `intent`.

/** The message key for an API refusal (a known code, or the generic message). */
function apiErrorKey(error: ApiErrorBody): string {
  const known = [
    "invalid_email",
    "existing_account_active",
    "deleted_account_exists",
    "address_banned",
    "email_disposable",
    "csrf_invalid",
    "signup_closed",
    "rate_limited",
    "date_of_birth_error",
  ];
  const field = Object.values(error.fields ?? {}).find((code) => known.includes(code));
  if (error.error === "rate_limited") {
    return rateLimited(error.retry_after);
  }
  const code = known.includes(error.error) ? error.error : field;
  return code ? `errors.${code}` : "errors.generic";
}

/** Stores the step (never going back) together with what the step saved. */
async function saveStep(api: ApiClient, user: User, step: SignupStep, update: UserUpdate = {}) {
  return updateUser(api, { ...update, lastSignupStep: Math.max(step, user.profile.lastSignupStep) });
}

/**
 * A lander's own sign-up form (docs/product.md §11.3): step 0 exactly as /signup does it, posted
 * to the lander's address, so a mistake comes back on the lander with what was typed; a good post
 * goes on in /signup. A member (who never sees a lander's form) goes to /signup.
 */
export async function landerSignupAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The member the visitor signs up to meet (a member lander, or a lander's "Say hi"): where sign-up ends. */
  memberId?: number | null,
) {
  if (await getOptionalUser(context)) throw redirect("/signup");
  return signupAction(request, context, memberId ? `/members/${memberId}` : null);
}

/** `continueTo`: the place sign-up leads back to at its end (the after_signup cookie, as /signup?redirectTo= keeps it). */
export async function signupAction(request: Request, context: Readonly<RouterContextProvider>, continueTo: string | null = null) {
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  const user = await getOptionalUser(context);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Not a form (a JSON or garbled body): nothing to do but show the page again.
    throw redirect("/signup");
  }
  const intent = String(formData.get("intent") ?? "");

  if (!user) {
    // A lander's form carries the site-entry warning; sending it is accepting it (docs/product.md §2.5).
    if (settings.entry_warning) acceptEmbeddedEntryWarning(request, context, formData);
    if (takeSuggestedEmail(formData)) {
      // The did-you-mean button without JavaScript: the same form back, with the address replaced.
      const submission = parseForm(formData, AccountSchema);
      return formReply(submission.reply({ hideFields: ["password"] }), 400);
    }
    if (intent !== "create") throw redirect("/signup");
    return createStep(request, context, api, settings, formData, continueTo);
  }

  // The step whose form was sent, when it is not past the member's step (step 2 shows again
  // after an upload, while the resume rules already say 3).
  const current = currentStep(request, user, settings);
  const posted = asStep(formData.get("step"));
  const step: SignupStep = posted !== null && posted >= 1 && posted < current ? posted : current;
  /** Saves the step's data and moves on; an API refusal comes back beside the fields, input kept. */
  const advance = async (update: UserUpdate = {}, submission?: Reply) => {
    // The profile as it will be after this save decides the auto-skips.
    const profile = { ...user.profile, ...update, personal: update.personal ?? user.profile.personal };
    const result = await saveStep(api, user, nextStep(step, profile), update);
    if (result.ok) throw redirect("/signup");
    const fieldErrors = fieldErrorsOf(result.error);
    const formMessages = Object.keys(fieldErrors).length > 0 ? [] : [apiErrorKey(result.error)];
    if (submission) return formReply(submission.reply({ formErrors: formMessages, fieldErrors }), 400);
    return formReply(formErrors(apiErrorKey(result.error)), 400);
  };

  switch (intent) {
    case "skip":
      // Continuing without personal info clears the date of birth (docs/product.md §2, step 4).
      return advance(step === 4 ? { date_of_birth: null } : {});

    case "push": {
      const raw = String(formData.get("subscription") ?? "");
      const subscription = raw === "denied" ? "denied" : parseSubscription(raw);
      if (subscription) {
        const saved = await savePushSubscription(api, subscription);
        if (!saved.ok) console.warn("push subscription not saved", saved.status, saved.error.error);
      }
      return advance();
    }

    case "photo": {
      const failed = await savePhoto(api, formData);
      if (failed) return formReply(formErrors(failed.error), failed.status);
      throw redirect("/signup?photos");
    }

    case "location":
    case "personal":
    case "about": {
      const parsed = parseSection(intent, formData, settings);
      if (!parsed.ok) return formReply(parsed.result, 400);
      return advance(parsed.update, parsed.submission);
    }

    case "activation-complete":
      if (step === 6) await saveStep(api, user, 7);
      throw redirect("/signup");

    case "change-email": {
      const submission = parseForm(formData, ChangeEmailSchema);
      if (submission.status !== "success") return formReply(submission.reply(), 400);
      const result = await updateUser(api, { email: submission.value.email });
      if (!result.ok) return formReply(submission.reply({ fieldErrors: { email: [apiErrorKey(result.error)] } }), 400);
      throw redirect("/signup");
    }

    default:
      throw redirect("/signup");
  }
}

/** The API's field codes as the form's fields and message keys (the date of birth shows on its day part). */
function fieldErrorsOf(error: ApiErrorBody): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([field, code]) => [
      field === "date_of_birth" ? "dobDay" : field,
      [code === "date_of_birth_error" ? DATE_OF_BIRTH_ERROR : apiFieldMessage(field, code)],
    ]),
  );
}

const SubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.url(), v.maxLength(1000)),
  keys: v.object({ p256dh: v.pipe(v.string(), v.maxLength(200)), auth: v.pipe(v.string(), v.maxLength(100)) }),
});

/** The subscription the page's script put in the form (the API checks it again). */
export function parseSubscription(raw: string): PushSubscriptionJSON | null {
  try {
    const parsed = v.safeParse(SubscriptionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

async function createStep(
  request: Request,
  context: Readonly<RouterContextProvider>,
  api: ApiClient,
  settings: Settings,
  formData: FormData,
  continueTo: string | null,
) {
  const submission = parseForm(formData, AccountSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}, status = 400) =>
    formReply(submission.reply({ ...options, hideFields: ["password"] }), status);
  if (submission.status !== "success") return reply();

  const tracking = context.get(trackingContext).tracking;
  if (!signupOpen(settings.signups, tracking.network)) throw redirect("/signup");

  const typed = submission.value.email;
  // Without JavaScript the did-you-mean suggestion comes back as a question first.
  const suggestion = unansweredSuggestion(typed, submission.value.keepEmail);
  if (suggestion) {
    return formReply(submission.reply({ hideFields: ["password"] }), 400, { suggestion });
  }

  // The API not answering loses nothing typed (the password aside): the form comes back with a
  // message, and the same csrf token, so a retry after a lost answer finds the account it made.
  const check = await orUnanswered(checkEmail(api, typed));
  if (!check) return reply({ formErrors: ["errors.serviceUnavailable"] }, 503);
  if (!check.ok) return reply({ formErrors: [apiErrorKey(check.error)] }, check.status);
  const refusal = emailStatusError(check.data.status);
  if (refusal) return reply({ fieldErrors: { email: [`errors.${refusal}`] } });
  const email = check.data.email;
  const created = await orUnanswered(
    createAccount(api, {
      email,
      name: submission.value.name,
      password: submission.value.password,
      trafficsource: {
        network: tracking.network,
        ref: tracking.ref,
        sub1: tracking.sub1,
        sub2: tracking.sub2,
        sub3: tracking.sub3,
      },
      timezone: submission.value.timezone,
      country: settings.geoip_country && settings.countries.includes(settings.geoip_country) ? settings.geoip_country : null,
      language: requestLocale(context),
      profile: {},
      form_path: new URL(request.url).pathname,
      referrer: String(formData.get("referrer") ?? "").slice(0, 2000),
      csrf: submission.value.csrf ?? "",
      token: check.data.token,
    }),
  );
  if (!created) {
    // The account may exist now: the address is this visitor's own retry, not a taken one.
    const lost = submission.reply({ formErrors: ["errors.signup_unconfirmed"], hideFields: ["password"] });
    return formReply(lost, 503, { retryOf: email });
  }
  if (!created.ok) {
    const fieldErrors = fieldErrorsOf(created.error);
    return reply(
      Object.keys(fieldErrors).length > 0 && created.error.error !== "csrf_invalid"
        ? { fieldErrors }
        : { formErrors: [apiErrorKey(created.error)] },
      created.status,
    );
  }
  const user = created.data.user;
  const next = stepAfterCreation(offeredTo(request, user, settings), pushSupportOf(request));
  // A replayed form answers with the account it made, which may be further along already.
  if (next > user.profile.lastSignupStep) await saveStep(api, user, next);
  const target = signupTarget(continueTo);
  throw redirect("/signup", target ? { headers: { "Set-Cookie": afterSignupCookie(request, target) } } : undefined);
}
