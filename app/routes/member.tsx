import { Link } from "react-router";
import { memberAnswers } from "~/lib/member-answers.server";
import { requestLocale } from "~/lib/i18n.server";
import { LikeButton } from "~/components/LikeButton";
import { MatchMoment } from "~/components/MatchMoment";
import { ProfileBadges } from "~/components/ProfileCard";
import { SafetyActions } from "~/components/safety/SafetyFields";
import { fetchProfile } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { apiFailurePage, notFound } from "~/lib/page-errors.server";
import type { Route } from "./+types/member";
import { useDisplayNames } from "~/lib/display-names";
import { useSite } from "~/lib/root-data";
import { safeRedirect } from "~/lib/redirect";

/** /members/:memberId and /likes/m/:memberId (docs/product.md §2, optional auth): one member's page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound({ request, context });
  const [settings, result, user] = await Promise.all([
    siteSettings(request, context),
    fetchProfile(context.get(apiContext), id),
    getOptionalUser(context),
  ]);
  if (!result.ok) return apiFailurePage(result, { request, context });
  const { profile } = result.data;
  const own = user?.profile.id === profile.id;
  // The viewer's own interests mark those they share (not on one's own preview).
  const { answers, interests } = await memberAnswers(
    context.get(apiContext),
    requestLocale(context),
    profile.fields,
    user && !own ? user.profile.fields : null,
  );
  return {
    profile,
    answers,
    interests,
    // After a like back without JavaScript (routes/member-like.ts); only while the like stands.
    // Its value is where the like was given: "Keep looking" goes back there.
    match: matchBack(new URL(request.url).searchParams.get("match"), profile.id, profile.liked),
    loggedIn: user !== null,
    own,
    // Others see the profile once the address is confirmed (docs/decisions/040): the preview says so.
    unconfirmed: user?.profile.id === profile.id && user.status === "not_confirmed",
    fields: settings.visible_profile_fields,
    notes: settings.visible_profile_notes
      .map((name) => ({ name, text: profile.personal[name] ?? "" }))
      .filter((note) => note.text.trim() !== ""),
  };
}

/** Where "Keep looking" leads from the match moment, or null when there is no moment to show. */
function matchBack(param: string | null, id: number, liked: boolean): string | null {
  if (param === null || !liked) return null;
  const back = safeRedirect(param, `/members/${id}`);
  // Never back to a page that shows the moment again.
  return new URL(back, "https://same.invalid").searchParams.has("match") ? `/members/${id}` : back;
}

export default function Member({ loaderData }: Route.ComponentProps) {
  const { t, has } = useTranslation();
  const names = useDisplayNames();
  const site = useSite();
  const { profile, fields, answers, notes, match, interests, loggedIn, own, unconfirmed } = loaderData;
  const fieldValue = (name: string) => {
    if (name === "age") return profile.age === null ? null : String(profile.age);
    if (name === "city") return profile.city;
    if (name === "gender") return profile.gender ? t(`member.genders.${profile.gender}`) : null;
    if (name === "country") return names.country(profile.country);
    return profile.personal[name] ?? null;
  };
  const label = (kind: "fields" | "notes", name: string) => {
    const key = `member.${kind}.${name}`;
    return has(key) ? t(key) : name;
  };
  const photos = profile.images;
  return (
    <article className="member-page">
      {match ? (
        <MatchMoment
          memberId={profile.id}
          other={{ name: profile.name, photo: profile.main_image?.thumb_filename ?? photos[0]?.thumb_filename ?? null }}
          close={match}
        />
      ) : null}
      <title>{t("member.title", { name: profile.name, site: site?.name ?? "" })}</title>
      <meta name="description" content={t("member.description", { name: profile.name, site: site?.name ?? "" })} />
      <div className="member-gallery">
        {photos.length > 0 ? (
          <>
            {/* A swipeable carousel by CSS scroll snap alone: it works without JavaScript. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (arrow keys scroll it). */}
            <ul className="member-photos" aria-label={t("member.photos")} tabIndex={0}>
              {photos.map((image, index) => (
                <li key={image.id} id={`photo-${index + 1}`}>
                  <img
                    src={(site?.cdnPrefix ?? "") + image.thumb_filename}
                    alt={t("member.photoAlt", { name: profile.name, number: index + 1 })}
                    width={480}
                    height={600}
                    loading={index === 0 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : undefined}
                  />
                </li>
              ))}
            </ul>
            {photos.length > 1 ? (
              <>
                <p className="member-photos-count" aria-hidden="true">
                  {t("member.photoCount", { count: photos.length })}
                </p>
                <ul className="member-photos-dots" aria-label={t("member.photoNav")}>
                  {photos.map((image, index) => (
                    <li key={image.id}>
                      <a href={`#photo-${index + 1}`}>
                        <span className="visually-hidden">{t("member.showPhoto", { number: index + 1 })}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : (
          <p className="member-no-photo">{t("member.noPhotos")}</p>
        )}
      </div>
      <div className="member-info">
        <header className="member-head">
          <h1>
            {profile.name}
            {profile.age !== null ? <span className="card-age">, {profile.age}</span> : null}
          </h1>
          <p className="card-place">{[profile.city, names.country(profile.country)].filter(Boolean).join(", ")}</p>
          <ProfileBadges profile={profile} fictionalIcon={site?.fictionalIcon ?? ""} />
          {profile.premium && (
            <p className="card-badges">
              <span className="badge premium">{t("premium.badge")}</span>
            </p>
          )}
          {profile.fictional ? (
            <p className="muted">
              {t("search.fictionalNote", { icon: site?.fictionalIcon ?? "", plural: site?.fictionalPlural ?? "" })}
            </p>
          ) : null}
        </header>
        {own ? (
          // The member's own page is a preview: liking or writing to oneself cannot work (issue 29 point 4).
          <div className="member-actions own-preview">
            <p>{t("member.ownPreview")}</p>
            {unconfirmed ? <p className="notice-box">{t("member.ownPreviewUnconfirmed")}</p> : null}
            <Link className="button secondary" to="/profile">
              {t("member.editProfile")}
            </Link>
          </div>
        ) : (
          <div className="member-actions">
            <LikeButton
              profileId={profile.id}
              name={profile.name}
              liked={profile.liked}
              photo={profile.main_image?.thumb_filename ?? photos[0]?.thumb_filename ?? null}
            />
            <Link className="button secondary" to={`/members/${profile.id}/chat`}>
              <span className="button-icon i-chat" aria-hidden="true" />
              {t("member.startChat")}
            </Link>
          </div>
        )}
        {/* Trust and safety: members report and block; anyone can send a notice (/complaints). */}
        {loggedIn && !own ? (
          <SafetyActions memberId={profile.id} name={profile.name} />
        ) : !own ? (
          <p className="safety-actions">
            <Link className="small-link" to={`/complaints?subject=${encodeURIComponent(`/members/${profile.id}`)}`}>
              {t("safety.complaints.link")}
            </Link>
          </p>
        ) : null}
        <dl className="member-fields">
          {fields.map((name) => {
            const value = fieldValue(name);
            return value ? (
              <div key={name}>
                <dt>{label("fields", name)}</dt>
                <dd>{value}</dd>
              </div>
            ) : null;
          })}
          {answers.map((answer) => (
            <div key={answer.name}>
              <dt>{answer.label}</dt>
              <dd>{answer.value}</dd>
            </div>
          ))}
        </dl>
        {interests.length > 0 ? (
          <section className="member-note">
            <h2>{t("member.interests")}</h2>
            {interests.some((interest) => interest.shared) ? (
              <p className="muted">{t("member.sharedInterests", { count: interests.filter((i) => i.shared).length })}</p>
            ) : null}
            <ul className="chip-list">
              {interests.map((interest) => (
                <li key={interest.name} className={interest.shared ? "shared" : undefined}>
                  {interest.shared ? <span className="visually-hidden">{t("member.sharedInterest")} </span> : null}
                  {interest.name}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {notes.map((note) => (
          <section key={note.name} className="member-note">
            <h2>{label("notes", note.name)}</h2>
            {/* Members' own words: rendered as text, line breaks kept by CSS. */}
            <p>{note.text}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
