import { getValibotConstraint } from "@conform-to/valibot";
import { lazy } from "react";
import { Link, useSearchParams } from "react-router";
import { pushSettings } from "~/lib/api/account.server";
import { siteSettings } from "~/lib/api/site.server";
import { requireUser } from "~/lib/auth.server";
import { MailChangeSchema, profileNameSchema } from "~/lib/forms/account";
import type { FormReply } from "~/lib/forms/reply";
import { ChangePasswordSchema } from "~/lib/forms/password";
import { useTranslation } from "~/lib/i18n-react";
import { requestLocale } from "~/lib/i18n.server";
import { apiContext } from "~/lib/context";
import { aboutView, locationView, personalView } from "~/lib/signup/profile-sections.server";
import { pagePart } from "~/lib/page-part";
import { PremiumTeaser } from "~/components/commerce/PremiumTeaser";
import type { Route } from "./+types/profile";
import { LogoutButton } from "~/components/LogoutButton";
import { fetchBlocks } from "~/lib/api/safety.server";
import { profileAction } from "~/lib/profile/actions.server";
import { PROFILE_PARTS, type ProfilePart, profilePart, profilePartHref } from "~/lib/profile/parts";

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
const profileForms = () => import("~/components/profile/ProfileForms");
const Photos = lazy(() => profileForms().then((m) => ({ default: m.Photos })));
const NameSetting = lazy(() => profileForms().then((m) => ({ default: m.NameSetting })));
const ChangePassword = lazy(() => profileForms().then((m) => ({ default: m.ChangePassword })));
const BlockedMembers = lazy(() => profileForms().then((m) => ({ default: m.BlockedMembers })));

/**
 * /profile (login): the member's own profile. The overview shows the preview link and the parts;
 * each part (`?part=`, lib/profile/parts.ts) holds a few forms: the photos, the name and texts,
 * the details and location (the sign-up steps' forms), the account (email address, password,
 * language, the data export and deletion), push, and privacy (visibility, blocked members). Each
 * form works without JavaScript.
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
  const [searchParams] = useSearchParams();
  const part = profilePart(searchParams.get("part"));
  const forSection = (section: string): FormReply | undefined => (actionData?.section === section ? actionData : undefined);
  const parts = PROFILE_PARTS.filter((name) => name !== "notifications" || loaderData.pushKey);
  return (
    <div className="narrow profile-page">
      <title>{part ? `${t(`profile.parts.${part}.title`)} – ${t("profile.title")}` : t("profile.title")}</title>
      {part === null ? (
        <>
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
          <PremiumTeaser />
          <nav aria-label={t("profile.parts.nav")}>
            <ul className="profile-parts">
              {parts.map((name) => (
                <li key={name}>
                  <Link to={profilePartHref(name)}>
                    <span className="profile-part-title">{t(`profile.parts.${name}.title`)}</span>
                    <span className="profile-part-hint">{t(`profile.parts.${name}.hint`)}</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/profile/verification">
                  <span className="profile-part-title">{t("verification.link")}</span>
                  <span className="profile-part-hint">{t("profile.parts.verificationHint")}</span>
                </Link>
              </li>
            </ul>
          </nav>
        </>
      ) : (
        <>
          <nav aria-label={t("profile.parts.nav")} className="profile-parts-bar">
            <Link to="/profile" className="profile-parts-back">
              {t("profile.parts.overview")}
            </Link>
            <ul>
              {parts.map((name) => (
                <li key={name}>
                  <Link to={profilePartHref(name)} aria-current={name === part ? "page" : undefined}>
                    {t(`profile.parts.${name}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <h1 className="visually-hidden">{t(`profile.parts.${part}.title`)}</h1>
          <ProfilePartSections part={part} loaderData={loaderData} actionData={actionData} forSection={forSection} />
        </>
      )}
    </div>
  );
}

/** The forms of one part of /profile (lib/profile/parts.ts says which section is where). */
function ProfilePartSections({
  part,
  loaderData,
  actionData,
  forSection,
}: {
  part: ProfilePart;
  loaderData: Route.ComponentProps["loaderData"];
  actionData: Route.ComponentProps["actionData"];
  forSection: (section: string) => FormReply | undefined;
}) {
  switch (part) {
    case "photos":
      return (
        <section id="photos" className="profile-section" aria-labelledby="photos-heading">
          <Photos
            images={loaderData.images}
            mainImage={loaderData.mainImage}
            cdnPrefix={loaderData.cdnPrefix}
            actionData={forSection("photos")}
          />
        </section>
      );
    case "about":
      return (
        <>
          <section id="name" className="profile-section" aria-labelledby="name-heading">
            <NameSetting
              name={loaderData.name}
              email={loaderData.email}
              constraint={loaderData.nameConstraint}
              actionData={forSection("name")}
            />
          </section>
          <section id="about" className="profile-section">
            <AboutStep view={loaderData.about} actionData={forSection("about")} variant="profile" />
          </section>
        </>
      );
    case "details":
      return (
        <section id="personal" className="profile-section">
          <PersonalInfoStep view={loaderData.personal} actionData={forSection("personal")} variant="profile" />
        </section>
      );
    case "location":
      return (
        <section id="location" className="profile-section">
          <LocationStep view={loaderData.location} actionData={forSection("location")} variant="profile" />
        </section>
      );
    case "account":
      return (
        <>
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
          <section id="language" className="profile-section" aria-labelledby="language-heading">
            <LanguageSetting />
          </section>
          <section id="data" className="profile-section" aria-labelledby="data-heading">
            <YourData />
          </section>
        </>
      );
    case "notifications":
      return loaderData.pushKey ? (
        <section id="push" className="profile-section" aria-labelledby="push-heading">
          <PushSetting state={loaderData.push} publicKey={loaderData.pushKey} failed={actionData?.section === "push"} />
          {loaderData.pushKinds ? <PushKinds kinds={loaderData.pushKinds} actionData={forSection("push-kinds")} /> : null}
        </section>
      ) : null;
    case "privacy":
      return (
        <>
          <section id="visibility" className="profile-section" aria-labelledby="visibility-heading">
            <VisibilitySetting
              visibility={loaderData.visibility}
              siteName={loaderData.siteName}
              otherSites={loaderData.otherSites}
              actionData={forSection("visibility")}
            />
          </section>
          <section id="blocked" className="profile-section" aria-labelledby="blocked-heading">
            <BlockedMembers blocked={loaderData.blocked} cdnPrefix={loaderData.cdnPrefix} />
          </section>
        </>
      );
  }
}
