import { Link } from "react-router";
import { LikeButton } from "~/components/LikeButton";
import type { ProfileCard as Card } from "../../contract/schemas";
import { countryName, languageName, showLanguageBadge } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";
import { useSite } from "~/lib/root-data";

/** Where a card is: home hides like and chat, likes hides view and chat, the error page shows no actions. */
export type CardPlace = "search" | "home" | "likes" | "error";

/**
 * A profile in a grid (docs/product.md §2): photo linking to the profile, name, age, city, country, and
 * like / start-conversation / view buttons. Home hides like and chat; the likes pages hide view
 * and chat. Fictional profiles carry the site's icon, explained in words.
 */
export function ProfileCard({
  profile,
  place,
  cdnPrefix,
  fictionalIcon,
  eager = false,
  headingLevel = 2,
}: {
  profile: Card;
  place: CardPlace;
  cdnPrefix: string;
  fictionalIcon: string;
  eager?: boolean;
  /** 3 when the grid sits under its own h2. */
  headingLevel?: 2 | 3;
}) {
  const { t, locale } = useTranslation();
  const href = `/members/${profile.id}`;
  const showLike = place === "search" || place === "likes";
  const showChat = place === "search";
  const showView = place === "search" || place === "home";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="profile-card" aria-labelledby={`card-${profile.id}`}>
      <Link to={href} className="card-photo" tabIndex={-1} aria-hidden="true">
        {profile.main_image ? (
          <img
            src={cdnPrefix + profile.main_image.thumb_filename}
            alt=""
            width={240}
            height={240}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        ) : (
          <span className="card-no-photo" />
        )}
      </Link>
      <div className="card-body">
        <Heading id={`card-${profile.id}`} className="card-name">
          <Link to={href}>{profile.name}</Link>
          {profile.age !== null ? <span className="card-age">, {profile.age}</span> : null}
        </Heading>
        <p className="card-place">{[profile.city, countryName(locale, profile.country)].filter(Boolean).join(", ")}</p>
        <ProfileBadges profile={profile} fictionalIcon={fictionalIcon} />
        {showLike || showChat || showView ? (
          <div className="card-actions">
            {showLike ? <LikeButton profileId={profile.id} name={profile.name} liked={profile.liked} /> : null}
            {showChat ? (
              <Link
                className="button small secondary"
                to={`/members/${profile.id}/chat`}
                aria-label={t("card.chatWith", { name: profile.name })}
              >
                {t("card.chat")}
              </Link>
            ) : null}
            {showView ? (
              <Link className="button small secondary" to={href} aria-label={t("card.viewProfileOf", { name: profile.name })}>
                {t("card.view")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The fictional marker (the site's icon, in words) and the language badge of docs/product.md §9. */
export function ProfileBadges({
  profile,
  fictionalIcon,
}: {
  profile: Pick<Card, "fictional" | "language" | "country">;
  fictionalIcon: string;
}) {
  const { t, locale } = useTranslation();
  return (
    <p className="card-badges">
      {profile.fictional ? (
        <span className="badge fictional" title={t("card.fictionalExplained")}>
          <span aria-hidden="true">{fictionalIcon}</span> {t("card.fictional")}
        </span>
      ) : null}
      {showLanguageBadge(profile.language, locale, profile.country) ? (
        <span className="badge language">{t("card.speaks", { language: languageName(locale, profile.language) })}</span>
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
          />
        </li>
      ))}
    </ul>
  );
}
