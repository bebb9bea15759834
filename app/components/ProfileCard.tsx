import { Link } from "react-router";
import { LikeButton } from "~/components/LikeButton";
import type { ProfileCard as Card } from "../../contract/schemas";
import { showLanguageBadge } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";
import { useDisplayNames } from "~/lib/display-names";
import { useSite, useTemplateFlags } from "~/lib/root-data";

/**
 * Where a card is: home and the error page show no actions, likes shows like only; the matches
 * after sign-up (/signup-matches) show like and a written "write a message" link.
 */
export type CardPlace = "search" | "home" | "likes" | "error" | "matches";

/**
 * A profile in a grid (docs/product.md §2, §1.2): the photo is the card, with the name, age and
 * place over it; the name's link covers the card, so a tap anywhere opens the profile. One
 * primary action, like; the template's start-conversation button sits beside it on search.
 * Fictional profiles carry the site's icon, explained in words.
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
  const { t } = useTranslation();
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
        <Heading id={`card-${profile.id}`} className="card-name">
          <Link to={href}>{profile.name}</Link>
          {profile.age !== null ? <span className="card-age">, {profile.age}</span> : null}
        </Heading>
        <p className="card-place">{[profile.city, names.country(profile.country)].filter(Boolean).join(", ")}</p>
        <ProfileBadges profile={profile} fictionalIcon={fictionalIcon} />
        {showLike || showChat ? (
          <div className="card-actions">
            {showLike ? (
              <LikeButton
                profileId={profile.id}
                name={profile.name}
                liked={profile.liked}
                photo={profile.main_image?.thumb_filename ?? null}
              />
            ) : null}
            {place === "matches" ? (
              <Link className="button small secondary" to={`/members/${profile.id}/chat`}>
                <span className="button-icon i-chat" aria-hidden="true" />
                <span className="card-write-label">{t("signupMatches.write")}</span>
                <span className="visually-hidden"> {profile.name}</span>
              </Link>
            ) : showChat ? (
              <Link
                className="button small secondary"
                to={`/members/${profile.id}/chat`}
                aria-label={t("card.chatWith", { name: profile.name })}
                title={t("card.chatWith", { name: profile.name })}
              >
                <span className="button-icon i-chat" aria-hidden="true" />
              </Link>
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
