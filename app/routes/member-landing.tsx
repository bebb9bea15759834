import { redirect } from "react-router";
import { ProfileBadges } from "~/components/ProfileCard";
import {
  Brand,
  FictionalMark,
  FictionalNote,
  JoinLink,
  LanderForm,
  LanderHead,
  Photo,
  useNameAge,
} from "~/components/landers/LanderParts";
import { InviteOnly } from "~/components/signup/SignupChrome";
import { countVisit } from "~/lib/api/business-figures.server";
import { fetchProfile } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { checkSlug, landerData } from "~/lib/landers.server";
import { apiContext } from "~/lib/context";
import { apiFailurePage, notFound } from "~/lib/page-errors.server";
import { useSite } from "~/lib/root-data";
import { landerSignupAction } from "~/lib/signup/flow.server";
import { memberIdOf } from "~/lib/landers";
import type { Route } from "./+types/member-landing";

/**
 * The member landers (docs/product.md §11): three designs around one member's profile.
 * /members/:id/landing (lander layout): the photo as a card with the member's other photos;
 * /members/:id/landing2/:slug* (empty layout): the photo filling the screen, the form over it;
 * /members/:id/landing3/:slug* (empty layout): the member with similar members around.
 * No JavaScript, the form posts to /signup; the optional slug is checked as the landers' is.
 */
export const handle = { hydrate: false };

export async function loader(args: Route.LoaderArgs) {
  const { request, context, params } = args;
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound(args);
  const path = new URL(request.url).pathname;
  const design = /\/landing3(\/|$)/.test(path) ? 3 : /\/landing2(\/|$)/.test(path) ? 2 : 1;
  const base = design === 1 ? `/members/${id}/landing` : `/members/${id}/landing${design}`;
  const settings = await siteSettings(request, context);
  const slug = "*" in params ? (params["*"] ?? "") : "";
  const links =
    design === 1
      ? { canonical: new URL(base, request.url).href, alternates: [] }
      : await checkSlug(args, settings, base, slug, true);
  if (await getOptionalUser(context)) throw redirect(`/members/${id}`);
  const [profile, data] = await Promise.all([
    fetchProfile(context.get(apiContext), id, { promotion: true }),
    landerData(args, 7),
  ]);
  if (!profile.ok) return apiFailurePage(profile, { request, context });
  countVisit(request, context, "lander");
  return {
    design,
    profile: profile.data.profile,
    form: data.form,
    others: data.photos.filter((p) => p.id !== id).slice(0, 6),
    cdnPrefix: settings.cdn_prefix,
    siteName: settings.name,
    ...links,
  };
}

/** Sign-up step 0 posts here; mistakes come back on this page, the typing kept (docs/product.md §11.3). */
export function action({ request, context, params }: Route.ActionArgs) {
  // Sign-up ends at the member's page (docs/product.md §11.3).
  return landerSignupAction(request, context, memberIdOf(params.memberId));
}

export default function MemberLanding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const nameAge = useNameAge();
  const { profile, design, form, others, siteName, cdnPrefix } = loaderData;
  if (!form.open) return <InviteOnly siteName={siteName} />;
  const name = profile.name;
  const main = profile.main_image ? cdnPrefix + profile.main_image.thumb_filename : null;
  const photo = main
    ? { id: profile.id, name, age: profile.age, city: profile.city, src: main, fictional: profile.fictional }
    : null;
  const heading =
    design === 3
      ? t("landers.member.heading3", { name })
      : design === 2
        ? t("landers.member.heading2", { name })
        : t("landers.member.heading1", { name });
  const intro = (
    <div className="ld-intro">
      <h1>{heading}</h1>
      <p className="ld-facts">
        {nameAge(profile)}
        {profile.city ? ` · ${profile.city}` : ""}
      </p>
      <ProfileBadges profile={profile} fictionalIcon={site?.fictionalIcon ?? ""} />
      {profile.fictional ? (
        <p className="notice-box fictional-warning">
          {t("signup.member.fictional", { name, icon: site?.fictionalIcon ?? "", plural: site?.fictionalPlural ?? "" })}
        </p>
      ) : (
        <p className="lead">{t("landers.member.lead", { name, site: siteName })}</p>
      )}
      {design !== 2 && <JoinLink label={t("landers.member.cta", { name })} />}
    </div>
  );
  const picture = photo ? (
    <Photo photo={photo} eager width={480} height={640} alt={t("signup.member.photoAlt", { name })} className="ld-member-photo" />
  ) : (
    <span className="card-no-photo ld-member-photo" />
  );
  const more =
    design === 1 ? profile.images.filter((i) => i.thumb_filename !== profile.main_image?.thumb_filename).slice(0, 4) : [];
  return (
    <div className={`lander-page ld ld-member${design}`}>
      <LanderHead
        title={t("signup.member.title", { name, site: siteName })}
        description={t("signup.member.description", { name, site: siteName })}
        canonical={loaderData.canonical}
        alternates={loaderData.alternates}
      />
      <Brand name={siteName} />
      <div className="ld-top">
        <section className="ld-hero">
          {picture}
          {intro}
        </section>
      </div>
      <LanderForm form={form} heading={t("signup.member.heading", { name })} actionData={actionData} />
      {design === 1 && more.length > 0 ? (
        <ul className="ld-grid ld-more">
          {more.map((image) => (
            <li key={image.id}>
              <img src={cdnPrefix + image.thumb_filename} alt="" width={240} height={320} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      ) : null}
      {design === 3 && others.length > 0 ? (
        <section className="ld-more" aria-labelledby="ld-others">
          <h2 id="ld-others">{t("landers.member.others", { name })}</h2>
          <ul className="ld-grid">
            {others.map((p) => (
              <li key={p.id}>
                <Photo photo={p} />
                <FictionalMark photo={p} />
                <span className="ld-cap">{nameAge(p)}</span>
              </li>
            ))}
          </ul>
          <FictionalNote photos={others} />
        </section>
      ) : null}
    </div>
  );
}
