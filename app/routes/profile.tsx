import { getValibotConstraint } from "@conform-to/valibot";
import { lazy, useMemo } from "react";
import { Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { PhotoUpload } from "~/components/signup/PhotoStep";
import {
  changePassword,
  deletePhoto,
  pushSettings,
  requestMailChange,
  savePushSettings,
  setMainPhoto,
  turnPushOff,
} from "~/lib/api/account.server";
import type { ApiClient } from "~/lib/api/client.server";
import { savePushSubscription, updateUser } from "~/lib/api/signup.server";
import { siteSettings } from "~/lib/api/site.server";
import { toastCookie } from "~/lib/cookies.server";
import { requireUser } from "~/lib/auth.server";
import { MailChangeSchema, profileNameSchema } from "~/lib/forms/account";
import { takeSuggestedEmail, unansweredSuggestion } from "~/lib/forms/email-suggestion.server";
import { apiFieldMessage, rateLimited } from "~/lib/forms/fields";
import type { FormReply } from "~/lib/forms/reply";
import { apiErrorReply, formErrors, formReply } from "~/lib/forms/reply.server";
import { ChangePasswordSchema } from "~/lib/forms/password";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { requestLocale } from "~/lib/i18n.server";
import { apiContext } from "~/lib/context";
import { parseSubscription } from "~/lib/signup/flow.server";
import {
  aboutView,
  isProfileSection,
  locationView,
  parseSection,
  personalView,
  savePhoto,
} from "~/lib/signup/profile-sections.server";
import type { Route } from "./+types/profile";
import { LogoutButton } from "~/components/LogoutButton";
import { BlockForm } from "~/components/safety/SafetyFields";
import { fetchBlocks } from "~/lib/api/safety.server";
import type { BlocksAnswer } from "../../contract/schemas";
import { parseForm } from "~/lib/forms/parse.server";

/*
 * The parts below the name and the photos (the location too), and the account parts under them,
 * load after the page (no Suspense boundary
 * on purpose: the server renders them into the HTML, which works without JavaScript, and the
 * browser keeps that HTML until their code is there).
 */
const LocationStep = lazy(() => import("~/components/signup/LocationStep").then((m) => ({ default: m.LocationStep })));
const PersonalInfoStep = lazy(() =>
  import("~/components/signup/PersonalInfoStep").then((m) => ({ default: m.PersonalInfoStep })),
);
const AboutStep = lazy(() => import("~/components/signup/AboutStep").then((m) => ({ default: m.AboutStep })));
const accountSettings = () => import("~/components/profile/AccountSettings");
const EmailChange = lazy(() => accountSettings().then((m) => ({ default: m.EmailChange })));
const PushSetting = lazy(() => accountSettings().then((m) => ({ default: m.PushSetting })));
const PushKinds = lazy(() => accountSettings().then((m) => ({ default: m.PushKinds })));
const LanguageSetting = lazy(() => accountSettings().then((m) => ({ default: m.LanguageSetting })));
const YourData = lazy(() => accountSettings().then((m) => ({ default: m.YourData })));
const VisibilitySetting = lazy(() => accountSettings().then((m) => ({ default: m.VisibilitySetting })));

/**
 * /profile (login): the member's own profile, every part editable with the same forms as the
 * sign-up steps (one form per part, each working without JavaScript), the photos, and the
 * account: email address, password, push, language, the data export and deletion.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  const locale = requestLocale(context);
  const [personal, about, kinds, blocks] = await Promise.all([
    personalView(api, user, locale),
    aboutView(api, user, locale),
    // An API without the call (an older PHP API) only hides the switches.
    settings.push_pub ? pushSettings(api) : null,
    fetchBlocks(api),
  ]);
  return {
    memberId: user.profile.id,
    name: user.profile.name,
    nameConstraint: getValibotConstraint(profileNameSchema(user.email)),
    images: user.profile.images,
    mainImage: user.profile.main_image?.thumb_filename ?? null,
    cdnPrefix: settings.cdn_prefix,
    location: locationView(user, settings),
    personal,
    about,
    passwordConstraint: getValibotConstraint(ChangePasswordSchema),
    email: user.email,
    confirmed: user.status === "active",
    emailConstraint: getValibotConstraint(MailChangeSchema),
    push: user.push,
    pushKey: settings.push_pub,
    pushKinds: kinds?.ok ? kinds.data : null,
    blocked: blocks.ok ? blocks.data.blocked : [],
    visibility: user.visibility,
    siteName: settings.name,
    otherSites: settings.network_sites.filter((name) => name !== settings.name),
  };
}

function saved(request: Request, anchor: string): never {
  throw redirect(`/profile#${anchor}`, { headers: { "Set-Cookie": toastCookie(request, { key: "profileSaved" }) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw redirect("/profile");
  }
  const intent = formData.get("intent");

  if (intent === "name") {
    const submission = parseForm(formData, profileNameSchema(requireUser({ request, context }).email));
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

  if (isProfileSection(intent)) {
    const parsed = parseSection(intent, formData, await siteSettings(request, context));
    if (!parsed.ok) return formReply(parsed.result, 400, { section: intent });
    const result = await updateUser(api, parsed.update);
    if (!result.ok) return formReply(parsed.submission.reply({ formErrors: ["errors.generic"] }), 400, { section: intent });
    saved(request, intent);
  }

  if (intent === "photo") {
    const failed = await savePhoto(api, formData);
    if (failed) return formReply(formErrors(failed.error), failed.status, { section: "photos" });
    saved(request, "photos");
  }

  if (intent === "photo-delete" || intent === "photo-main") {
    const id = Number(formData.get("id"));
    const result =
      Number.isInteger(id) && id > 0 ? await (intent === "photo-delete" ? deletePhoto(api, id) : setMainPhoto(api, id)) : null;
    if (!result?.ok) return formReply(formErrors("errors.photoGone"), 404, { section: "photos" });
    saved(request, "photos");
  }

  if (intent === "password") {
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

  // The did-you-mean button of the email form posts `useEmail` instead of an intent.
  if (intent === "email" || formData.has("useEmail")) return changeEmail(request, api, formData);

  if (intent === "push") {
    const subscription = parseSubscription(String(formData.get("subscription") ?? ""));
    const result = subscription ? await savePushSubscription(api, subscription) : null;
    if (!result?.ok) return formReply(formErrors("errors.generic"), 400, { section: "push" });
    saved(request, "push");
  }

  // The kinds of push (messages, likes, news): an unticked box is not sent, so it is off.
  if (intent === "push-kinds") {
    const on = (name: string) => formData.get(name) === "on";
    const result = await savePushSettings(api, { messages: on("messages"), likes: on("likes"), news: on("news") });
    if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "push-kinds" });
    saved(request, "push-kinds");
  }

  // Who sees the profile (docs/product.md "Visibility across sites"): an unticked box is not sent, so it is off.
  if (intent === "visibility") {
    const on = (name: string) => formData.get(name) === "on";
    const result = await updateUser(api, { only_this_site: on("only_this_site"), promote: on("promote") });
    if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "visibility" });
    saved(request, "visibility");
  }

  if (intent === "push-off") {
    const result = await turnPushOff(api);
    if (!result.ok) return formReply(formErrors("errors.generic"), result.status, { section: "push" });
    saved(request, "push");
  }

  throw redirect("/profile");
}

/** The email change: the did-you-mean first (without JavaScript), then the API sends the link. */
async function changeEmail(request: Request, api: ApiClient, formData: FormData) {
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
  throw redirect("/profile#email", {
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
]);

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const forSection = (section: string): FormReply | undefined => (actionData?.section === section ? actionData : undefined);
  return (
    <div className="narrow profile-page">
      <title>{t("profile.title")}</title>
      <header className="profile-me">
        {loaderData.mainImage ? (
          <img className="avatar" src={loaderData.cdnPrefix + loaderData.mainImage} alt="" width={64} height={64} />
        ) : (
          <span className="avatar avatar-empty" aria-hidden="true" />
        )}
        <div className="profile-me-text">
          <h1>{t("profile.heading")}</h1>
          <Link to={`/members/${loaderData.memberId}`}>{t("profile.seeAsOthers")}</Link>
        </div>
        <LogoutButton />
      </header>
      <section id="name" className="profile-section" aria-labelledby="name-heading">
        <NameSetting
          name={loaderData.name}
          email={loaderData.email}
          constraint={loaderData.nameConstraint}
          actionData={forSection("name")}
        />
      </section>
      <section id="photos" className="profile-section" aria-labelledby="photos-heading">
        <Photos
          images={loaderData.images}
          mainImage={loaderData.mainImage}
          cdnPrefix={loaderData.cdnPrefix}
          actionData={forSection("photos")}
        />
      </section>
      <section id="location" className="profile-section">
        <LocationStep view={loaderData.location} actionData={forSection("location")} variant="profile" />
      </section>
      <section id="personal" className="profile-section">
        <PersonalInfoStep view={loaderData.personal} actionData={forSection("personal")} variant="profile" />
      </section>
      <section id="about" className="profile-section">
        <AboutStep view={loaderData.about} actionData={forSection("about")} variant="profile" />
      </section>
      <section id="visibility" className="profile-section" aria-labelledby="visibility-heading">
        <VisibilitySetting
          visibility={loaderData.visibility}
          siteName={loaderData.siteName}
          otherSites={loaderData.otherSites}
          actionData={forSection("visibility")}
        />
      </section>
      <section id="email" className="profile-section" aria-labelledby="email-heading">
        <EmailChange
          email={loaderData.email}
          confirmed={loaderData.confirmed}
          constraint={loaderData.emailConstraint}
          actionData={forSection("email")}
        />
      </section>
      <section id="password" className="profile-section" aria-labelledby="password-heading">
        <ChangePassword constraint={loaderData.passwordConstraint} actionData={forSection("password")} />
      </section>
      {loaderData.pushKey ? (
        <section id="push" className="profile-section" aria-labelledby="push-heading">
          <PushSetting state={loaderData.push} publicKey={loaderData.pushKey} failed={actionData?.section === "push"} />
          {loaderData.pushKinds ? <PushKinds kinds={loaderData.pushKinds} actionData={forSection("push-kinds")} /> : null}
        </section>
      ) : null}
      <section id="blocked" className="profile-section" aria-labelledby="blocked-heading">
        <BlockedMembers blocked={loaderData.blocked} cdnPrefix={loaderData.cdnPrefix} />
      </section>
      <section id="language" className="profile-section" aria-labelledby="language-heading">
        <LanguageSetting />
      </section>
      <section id="data" className="profile-section" aria-labelledby="data-heading">
        <YourData />
      </section>
    </div>
  );
}

function Photos({
  images,
  mainImage,
  cdnPrefix,
  actionData,
}: {
  images: { id: number; thumb_filename: string }[];
  mainImage: string | null;
  cdnPrefix: string;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const upload = useFetcher<FormReply>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 id="photos-heading">{t("profile.photos")}</h2>
      {images.length === 0 ? (
        <p className="empty-state">{t("profile.noPhotos")}</p>
      ) : (
        <ul className="photo-grid profile-photos" aria-label={t("signup.photo.yours")}>
          {images.map((image, i) => {
            const main = image.thumb_filename === mainImage;
            return (
              <li key={image.id}>
                <img
                  src={cdnPrefix + image.thumb_filename}
                  alt={t("profile.photoAlt", { n: i + 1 })}
                  width={120}
                  height={120}
                  loading="lazy"
                />
                {main ? (
                  <p className="photo-main">{t("profile.mainPhoto")}</p>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="id" value={image.id} />
                    <button type="submit" name="intent" value="photo-main" className="button secondary small" disabled={busy}>
                      {t("profile.makeMain")}
                      <span className="visually-hidden"> ({t("profile.photoAlt", { n: i + 1 })})</span>
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="id" value={image.id} />
                  <button type="submit" name="intent" value="photo-delete" className="button secondary small" disabled={busy}>
                    {t("profile.deletePhoto")}
                    <span className="visually-hidden"> ({t("profile.photoAlt", { n: i + 1 })})</span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <PhotoUpload upload={upload} actionData={actionData} />
    </>
  );
}

/** The member's name (issue 16): the one others see; the header shows it once saved. */
function NameSetting({
  name,
  email,
  constraint,
  actionData,
}: {
  name: string;
  email: string;
  constraint: Record<string, { required?: boolean; maxLength?: number }>;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const schema = useMemo(() => profileNameSchema(email), [email]);
  const form = useForm({ schema, lastResult: actionData?.result, constraint, defaultValue: { name } });
  const field = form.field("name");
  return (
    <>
      <h2 id="name-heading">{t("profile.name.heading")}</h2>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("signup.account.name")}
          inputProps={{ ...inputProps(field, "text"), required: true, autoComplete: "given-name" }}
          errors={field.errors}
          help={t("profile.name.help")}
        />
        <div className="step-buttons">
          <button type="submit" name="intent" value="name" className="button" disabled={submitting} aria-busy={submitting}>
            {t("profile.save")}
          </button>
        </div>
      </Form>
    </>
  );
}

function ChangePassword({
  constraint,
  actionData,
}: {
  constraint: Record<string, { required?: boolean }>;
  actionData: FormReply | undefined;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const form = useForm({ schema: ChangePasswordSchema, lastResult: actionData?.result, constraint });
  const current = form.field("current");
  return (
    <>
      <h2 id="password-heading">{t("profile.passwordHeading")}</h2>
      <Form method="post" {...form.props} className="stack">
        <ErrorList id={`${form.id}-errors`} errors={form.formErrors} />
        <Field
          label={t("profile.currentPassword")}
          inputProps={{ ...inputProps(current, "password"), required: true, autoComplete: "current-password" }}
          errors={current.errors}
        />
        <NewPasswordFields form={form} />
        <div className="step-buttons">
          <button type="submit" name="intent" value="password" className="button" disabled={submitting} aria-busy={submitting}>
            {t("profile.changePassword")}
          </button>
        </div>
      </Form>
    </>
  );
}

/** The members this member has blocked, each with an unblock button (docs/product.md "Trust and safety"). */
function BlockedMembers({ blocked, cdnPrefix }: { blocked: BlocksAnswer["blocked"]; cdnPrefix: string }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <h2 id="blocked-heading">{t("safety.blocked.heading")}</h2>
      <p className="field-help">{t("safety.block.hint")}</p>
      {blocked.length === 0 ? (
        <p className="empty-state">{t("safety.blocked.empty")}</p>
      ) : (
        <ul className="blocked-list">
          {blocked.map((member) => {
            const name = member.name || t("safety.blocked.deletedMember");
            return (
              <li key={member.id}>
                {member.main_image ? (
                  <img className="avatar" src={cdnPrefix + member.main_image.thumb_filename} alt="" width={40} height={40} />
                ) : (
                  <span className="avatar avatar-empty" aria-hidden="true" />
                )}
                <div className="blocked-text">
                  <strong>{name}</strong>
                  <span className="muted">
                    {t("safety.blocked.since", {
                      date: new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(member.blocked_at),
                    })}
                  </span>
                </div>
                <BlockForm memberId={member.id} name={name} block={false} returnTo="/profile#blocked" />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
