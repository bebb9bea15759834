import { getValibotConstraint } from "@conform-to/valibot";
import { lazy, useMemo } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { NewPasswordFields } from "~/components/NewPasswordFields";
import { PhotoUpload } from "~/components/signup/PhotoStep";
import { pushSettings } from "~/lib/api/account.server";
import { siteSettings } from "~/lib/api/site.server";
import { requireUser } from "~/lib/auth.server";
import { MailChangeSchema, profileNameSchema } from "~/lib/forms/account";
import type { FormReply } from "~/lib/forms/reply";
import { ChangePasswordSchema } from "~/lib/forms/password";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { requestLocale } from "~/lib/i18n.server";
import { apiContext } from "~/lib/context";
import { aboutView, locationView, personalView } from "~/lib/signup/profile-sections.server";
import { PartFailed } from "~/components/PartFailed";
import { pagePart, type Part } from "~/lib/page-part";
import { PremiumTeaser } from "~/components/commerce/PremiumTeaser";
import type { Route } from "./+types/profile";
import { LogoutButton } from "~/components/LogoutButton";
import { BlockForm } from "~/components/safety/SafetyFields";
import { fetchBlocks } from "~/lib/api/safety.server";
import type { BlocksAnswer } from "../../contract/schemas";
import { profileAction } from "~/lib/profile/actions.server";

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
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  const locale = requestLocale(context);
  // The page's own calls go out beside the member's lookup (docs/decisions/043).
  const [user, kinds, blocks] = await Promise.all([
    requireUser({ request, context }),
    // An API without the call (an older PHP API) only hides the switches.
    settings.push_pub ? pushSettings(api) : null,
    fetchBlocks(api),
  ]);
  const [personal, about] = await Promise.all([personalView(api, user, locale), aboutView(api, user, locale)]);
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
    blocked: pagePart(blocks, (data) => data.blocked),
    visibility: user.visibility,
    siteName: settings.name,
    otherSites: settings.network_sites.filter((name) => name !== settings.name),
  };
}

/** One handler per form on the page (lib/profile/actions.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

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
          <Link to={`/members/${loaderData.memberId}`}>{t("profile.seeAsOthers")}</Link>{" "}
          <Link to="/profile/verification">{t("verification.link")}</Link>
        </div>
        <LogoutButton />
      </header>
      <PremiumTeaser />
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
function BlockedMembers({ blocked, cdnPrefix }: { blocked: Part<BlocksAnswer["blocked"]>; cdnPrefix: string }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <h2 id="blocked-heading">{t("safety.blocked.heading")}</h2>
      <p className="field-help">{t("safety.block.hint")}</p>
      {blocked === null ? (
        <PartFailed />
      ) : blocked.length === 0 ? (
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
