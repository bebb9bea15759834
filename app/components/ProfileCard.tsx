import { Link } from "react-router";
import { LikeButton } from "~/components/LikeButton";
import type { ProfileCard as Card } from "../../contract/schemas";
import { showLanguageBadge } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";
import { useDisplayNames } from "~/lib/display-names";
import { useSite, useTemplateFlags } from "~/lib/root-data";

/**
 * Where a card is: home and the error page show no actions, likes shows like only; the matches
 * after sign-up (/signup-matches) show like and "Write to …".
 */
export type CardPlace = "search" | "home" | "likes" | "error" | "matches";

/**
 * A profile in a grid (docs/product.md §2.4): photo first. A compact caption at the photo's foot
 * (name, age, city, the language a profile speaks when it differs) keeps faces visible; the
 * name's link covers the card, so a tap anywhere opens the profile. The actions are small round
 * buttons beside the caption: like, and on search the template's start-conversation button.
 * Fictional profiles carry the site's small icon after the name, in words for screen readers
 * and as a tooltip; the profile page says it in full.
 */
export function ProfileCard({
  profile,
  place,
  cdnPrefix,
  fictionalIcon,
  eager = false,
  firstRow = false,
  headingLevel = 2,
}: {
  profile: Card;
  place: CardPlace;
  cdnPrefix: string;
  fictionalIcon: string;
  eager?: boolean;
  /** In the grid's first row (two cards on a phone): its photo is the page's largest paint, fetched first. */
  firstRow?: boolean;
  /** 3 when the grid sits under its own h2. */
  headingLevel?: 2 | 3;
}) {
  const { t, locale } = useTranslation();
  const names = useDisplayNames();
  const flags = useTemplateFlags();
  const href = `/members/${profile.id}`;
  const showLike = place === "search" || place === "likes" || place === "matches";
  const showChat = (place === "search" && flags.cardChatButton) || place === "matches";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="profile-card" aria-labelledby={`card-${profile.id}`}>
      <div className="card-photo">
        {profile.main_image ? (
          <img
            src={cdnPrefix + profile.main_image.thumb_filename}
            alt=""
            width={240}
            height={320}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={firstRow ? "high" : undefined}
            decoding="async"
          />
        ) : (
          <span className="card-no-photo" />
        )}
      </div>
      <div className="card-body">
        <div className="card-caption">
          <Heading id={`card-${profile.id}`} className="card-name">
            <Link to={href}>{profile.name}</Link>
            {profile.age !== null ? <span className="card-age">, {profile.age}</span> : null}
            {profile.verified ? (
              <span className="verified-badge card-verified" title={t("verification.badgeLabel")}>
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">{t("verification.badgeLabel")}</span>
              </span>
            ) : null}
            {profile.fictional ? (
              <span className="card-mark" title={t("card.fictionalExplained")}>
                <span aria-hidden="true"> {fictionalIcon}</span>
                <span className="visually-hidden"> {t("card.fictional")}</span>
              </span>
            ) : null}
          </Heading>
          <p className="card-place">
            {profile.city || names.country(profile.country)}
            {/* The country in words for screen readers; on screen the caption stays one short line. */}
            {profile.city && profile.country ? <span className="visually-hidden">, {names.country(profile.country)}</span> : null}
            {/* How far, when the search knows both places (ADR 062). */}
            {profile.distance_km !== undefined ? (
              <span className="card-distance">
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, </span>
                {t("search.kmAway", { km: profile.distance_km })}
              </span>
            ) : null}
            {showLanguageBadge(profile.language, locale, profile.country) ? (
              <span className="card-language" title={t("card.speaks", { language: names.language(profile.language) })}>
                <span aria-hidden="true">{profile.city || profile.country ? " · " : ""}</span>
                <span className="visually-hidden">{t("card.speaks", { language: names.language(profile.language) })}</span>
                <span aria-hidden="true">{names.language(profile.language)}</span>
              </span>
            ) : null}
          </p>
        </div>
        {showLike || showChat ? (
          <div className="card-actions">
            {showChat ? (
              <Link
                className="card-action"
                to={`/members/${profile.id}/chat`}
                aria-label={t(place === "matches" ? "match.write" : "card.chatWith", { name: profile.name })}
                title={t(place === "matches" ? "match.write" : "card.chatWith", { name: profile.name })}
              >
                <span className="button-icon i-chat" aria-hidden="true" />
              </Link>
            ) : null}
            {showLike ? (
              <LikeButton
                profileId={profile.id}
                name={profile.name}
                liked={profile.liked}
                photo={profile.main_image?.thumb_filename ?? null}
                compact
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The fictional marker (the site's icon, in words), the photo-verified tick (ADR 059: a small ✓,
 * in words for screen readers) and the language badge of docs/product.md §9.
 */
export function ProfileBadges({
  profile,
  fictionalIcon,
}: {
  profile: Pick<Card, "fictional" | "language" | "country" | "verified">;
  fictionalIcon: string;
}) {
  const { t, locale } = useTranslation();
  const names = useDisplayNames();
  return (
    <p className="card-badges">
      {profile.fictional ? (
        <span className="badge fictional" title={t("card.fictionalExplained")}>
          <span aria-hidden="true">{fictionalIcon}</span> {t("card.fictional")}
        </span>
      ) : null}
      {profile.verified ? (
        <span className="badge verified" title={t("verification.badgeLabel")}>
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">{t("verification.badgeLabel")}</span>
        </span>
      ) : null}
      {showLanguageBadge(profile.language, locale, profile.country) ? (
        <span className="badge language">{t("card.speaks", { language: names.language(profile.language) })}</span>
      ) : null}
    </p>
  );
}

/**
 * A grid of cards with the site's photo prefix and fictional icon. Profiles that carry
 * like_new (likes, home) get a "New" badge.
 */
export function ProfileGrid({
  profiles,
  place,
  headingLevel = 2,
  eagerCount = 0,
  className,
}: {
  profiles: (Card & { like_new?: boolean })[];
  place: CardPlace;
  headingLevel?: 2 | 3;
  eagerCount?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <ul className={className ? `profile-grid ${className}` : "profile-grid"}>
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          {profile.like_new ? <span className="badge new">{t("likes.new")}</span> : null}
          <ProfileCard
            profile={profile}
            place={place}
            headingLevel={headingLevel}
            cdnPrefix={site?.cdnPrefix ?? ""}
            fictionalIcon={site?.fictionalIcon ?? ""}
            eager={index < eagerCount}
            firstRow={index < Math.min(eagerCount, 2)}
          />
        </li>
      ))}
    </ul>
  );
}
