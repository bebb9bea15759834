/**
 * The eight lander designs (docs/product.md §11). Each gives the page's first view (`top`: the
 * heading and the picture a visitor came for) and what follows the form (`more`). Motion is CSS
 * only and stops under prefers-reduced-motion (app.css, "Landers").
 */
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n-react";
import type { MessageKey } from "../../../contract/translator";
import { type LanderType, landerMemberHref } from "~/lib/landers";
import { FictionalMark, FictionalNote, JoinLink, Photo, useNameAge, type PhotoData } from "./LanderParts";

export interface DesignProps {
  photos: PhotoData[];
  /** Where the visitor is, only when the photos are from there (issue 29 point 15); else null. */
  place: string | null;
  site: string;
  /** The page's query (without `member`): a member's "Say hi" keeps it on the way to the form. */
  query: string;
}

export interface Design {
  /** The heading, also the page's title. */
  heading: string;
  top: ReactNode;
  more?: ReactNode;
}

/** Captioned photos in a grid (gallery, alone tonight's list, the collage). */
function PhotoGrid({ photos, className, eager = 0 }: { photos: PhotoData[]; className: string; eager?: number }) {
  const nameAge = useNameAge();
  return (
    <ul className={className}>
      {photos.map((p, i) => (
        <li key={p.id}>
          <Photo photo={p} eager={i < eager} />
          <FictionalMark photo={p} />
          <span className="ld-cap">
            {nameAge(p)}
            {p.city ? <small>{p.city}</small> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Photos stacked in one frame, fading into one another (the video poster, the slideshow). */
function Frames({ photos, captions = false }: { photos: PhotoData[]; captions?: boolean }) {
  const nameAge = useNameAge();
  return photos.slice(0, 4).map((p, i) => (
    <figure key={p.id} className="ld-frame">
      <Photo photo={p} eager={i === 0} width={480} height={640} />
      {captions ? <figcaption>{nameAge(p)}</figcaption> : null}
    </figure>
  ));
}

function Intro({ heading, lead }: { heading: string; lead: string }) {
  return (
    <div className="ld-intro">
      <h1>{heading}</h1>
      <p className="lead">{lead}</p>
      <JoinLink />
    </div>
  );
}

export function useDesign(type: LanderType, { photos, place, site, query }: DesignProps): Design {
  const { t } = useTranslation();
  // "Near {place}" only where the photos are from near there; else the same line without a place.
  const near = (withPlace: MessageKey, without: MessageKey) => (place ? t(withPlace, { place }) : t(without));
  const nameAge = useNameAge();
  const note = <FictionalNote photos={photos} />;
  switch (type) {
    case "video": {
      const heading = near("landers.video.heading", "landers.anywhere.videoHeading");
      return {
        heading,
        top: (
          <section className="ld-hero">
            <div className="ld-screen">
              <Frames photos={photos} />
              <a className="ld-play" href="#join">
                <span className="visually-hidden">{t("landers.video.play")}</span>
              </a>
              <span className="ld-tag">{t("landers.video.muted")}</span>
            </div>
            <Intro heading={heading} lead={t("landers.video.lead")} />
          </section>
        ),
        more: note,
      };
    }
    case "gallery": {
      const heading = near("landers.gallery.heading", "landers.anywhere.galleryHeading");
      return {
        heading,
        top: (
          <section className="ld-hero">
            <Intro heading={heading} lead={t("landers.gallery.lead")} />
            <PhotoGrid photos={photos.slice(0, 4)} className="ld-grid" eager={4} />
          </section>
        ),
        more: (
          <>
            <PhotoGrid photos={photos.slice(4)} className="ld-grid" />
            {note}
          </>
        ),
      };
    }
    case "alonetonight": {
      const heading = near("landers.alone.heading", "landers.anywhere.aloneHeading");
      return {
        heading,
        top: (
          <section className="ld-hero ld-night">
            <Intro heading={heading} lead={near("landers.alone.lead", "landers.anywhere.aloneLead")} />
            <ul className="ld-people">
              {photos.slice(0, 6).map((p, i) => (
                <li key={p.id}>
                  <Photo photo={p} eager={i < 3} width={96} height={96} />
                  <span>
                    <b>{nameAge(p)}</b>
                    {p.city ? <small>{p.city}</small> : null}
                  </span>
                  <a href={landerMemberHref(query, p.id)}>{t("landers.alone.sayHi", { name: p.name })}</a>
                </li>
              ))}
            </ul>
          </section>
        ),
        more: note,
      };
    }
    case "iconslanding": {
      const heading = t("landers.icons.heading", { site });
      const benefits = [
        ["gem", t("landers.icons.b1")],
        ["search", t("landers.icons.b2")],
        ["chat", t("landers.icons.b3")],
        ["heart", t("landers.icons.b4")],
        ["bell", t("landers.icons.b5")],
        ["user", t("landers.icons.b6")],
      ] as const;
      return {
        heading,
        top: (
          <section className="ld-hero">
            <Intro heading={heading} lead={near("landers.icons.lead", "landers.anywhere.iconsLead")} />
            <ul className="selling-points ld-icons">
              {benefits.map(([icon, text]) => (
                <li key={icon}>
                  <span className={`point-icon i-${icon}`} aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
          </section>
        ),
        more: (
          <>
            <PhotoGrid photos={photos.slice(0, 6)} className="ld-grid" />
            {note}
          </>
        ),
      };
    }
    case "collagelanding": {
      const heading = t("landers.collage.heading");
      return {
        heading,
        top: (
          <section className="ld-hero">
            <Intro heading={heading} lead={near("landers.collage.lead", "landers.anywhere.collageLead")} />
            <PhotoGrid photos={photos.slice(0, 7)} className="ld-collage" eager={4} />
          </section>
        ),
        more: note,
      };
    }
    case "transitionsvideolanding": {
      const heading = near("landers.slides.heading", "landers.anywhere.slidesHeading");
      return {
        heading,
        top: (
          <section className="ld-hero">
            <div className="ld-screen ld-slides">
              <Frames photos={photos} captions />
            </div>
            <Intro heading={heading} lead={t("landers.slides.lead", { site })} />
          </section>
        ),
        more: note,
      };
    }
    case "maplanding": {
      const heading = near("landers.map.heading", "landers.anywhere.mapHeading");
      return {
        heading,
        top: (
          <section className="ld-hero">
            <Intro heading={heading} lead={t("landers.map.lead")} />
            <MemberMap photos={photos.slice(0, 8)} place={place} query={query} />
          </section>
        ),
        more: note,
      };
    }
    case "socialnetwork": {
      const heading = t("landers.social.heading", { site });
      return {
        heading,
        top: (
          <section className="ld-hero">
            <Intro heading={heading} lead={near("landers.social.lead", "landers.anywhere.socialLead")} />
            <Feed photos={photos.slice(0, 2)} query={query} eager />
          </section>
        ),
        more: (
          <>
            <Feed photos={photos.slice(2, 8)} query={query} />
            {note}
          </>
        ),
      };
    }
  }
}

/** Where the pins go on the map (percent of its width and height): around the centre, spread out. */
const PINS = [
  [30, 28],
  [70, 24],
  [82, 58],
  [22, 66],
  [52, 82],
  [60, 42],
  [38, 46],
  [12, 40],
] as const;

/** Members around the visitor's place on a drawn map (inline SVG: no map script, no tiles). */
function MemberMap({ photos, place, query }: { photos: PhotoData[]; place: string | null; query: string }) {
  const { t } = useTranslation();
  const nameAge = useNameAge();
  return (
    <figure className="ld-map">
      <svg viewBox="0 0 100 100">
        <title>{place ? t("landers.map.alt", { place }) : t("landers.anywhere.mapAlt")}</title>
        <defs>
          <clipPath id="ld-pin" clipPathUnits="objectBoundingBox">
            <circle cx="0.5" cy="0.5" r="0.5" />
          </clipPath>
        </defs>
        <path className="ld-water" d="M0 72 C20 64 34 80 52 74 S84 60 100 68 V100 H0Z" />
        <path className="ld-road" d="M0 34 L100 50 M40 0 L56 100 M0 88 L100 12" />
        <circle className="ld-ring" cx="50" cy="50" r="16" />
        <circle className="ld-ring" cx="50" cy="50" r="32" />
        <circle className="ld-you" cx="50" cy="50" r="3" />
        {place ? (
          <text x="50" y="59" textAnchor="middle">
            {place}
          </text>
        ) : null}
        {photos.map((p, i) => {
          const [x, y] = PINS[i % PINS.length] ?? [50, 50];
          return (
            <a key={p.id} href={landerMemberHref(query, p.id)} aria-label={nameAge(p)}>
              <circle className="ld-pin" cx={x} cy={y} r="6.6" />
              <image
                href={p.src}
                x={x - 6}
                y={y - 6}
                width="12"
                height="12"
                clipPath="url(#ld-pin)"
                preserveAspectRatio="xMidYMid slice"
              />
            </a>
          );
        })}
      </svg>
    </figure>
  );
}

/** A social network's timeline: members' latest photos, liking and writing lead to the form. */
function Feed({ photos, query, eager = false }: { photos: PhotoData[]; query: string; eager?: boolean }) {
  const { t } = useTranslation();
  const nameAge = useNameAge();
  return (
    <ul className="ld-feed">
      {photos.map((p) => (
        <li key={p.id} className="card-surface">
          <p className="ld-who">
            <Photo photo={p} eager={eager} width={40} height={40} />
            <span>
              <b>{nameAge(p)}</b> {t("landers.social.newPhoto")}
              {p.city ? <small>{p.city}</small> : null}
            </span>
          </p>
          <div className="ld-post">
            <Photo photo={p} eager={eager} width={480} height={640} />
            <FictionalMark photo={p} />
          </div>
          <p className="ld-actions">
            <a href={landerMemberHref(query, p.id)}>{t("landers.social.like")}</a>
            <a href={landerMemberHref(query, p.id)}>{t("landers.social.message", { name: p.name })}</a>
          </p>
        </li>
      ))}
    </ul>
  );
}
