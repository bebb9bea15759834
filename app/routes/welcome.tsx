import { Link, redirect } from "react-router";
import { countVisit } from "~/lib/api/business-figures.server";
import { search } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { requestLocale } from "~/lib/i18n.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext, trackingContext } from "~/lib/context";
import { useLook, useSite } from "~/lib/root-data";
import type { Route } from "./+types/welcome";

const MOSAIC = 6;

/**
 * The welcome page's pictures (docs/product.md §1.2): the site's hero image when its theme has
 * one, else photos of members from the site's own search, where the site lets visitors search.
 * Without either, the page stands on its colours and words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getOptionalUser(context)) throw redirect("/home");
  const settings = await siteSettings(request, context);
  countVisit(request, context, "welcome");
  // The site's own words in this language (ADR 061), part by part; null: the default words.
  const own = settings.welcome?.[requestLocale(context)];
  const copy = { headline: own?.headline || null, text: own?.text || null };
  if (settings.theme.hero) return { copy, photos: [] };
  const network = context.get(trackingContext).tracking.network;
  const result = await search(context.get(apiContext), { firstLoad: true, page: 1, trafficsource: network }).catch(() => null);
  const photos = result?.ok
    ? result.data.profiles
        .filter((p) => p.main_image !== null)
        .slice(0, MOSAIC)
        .map((p) => ({ id: p.id, src: p.main_image?.thumb_filename ?? "", fictional: p.fictional }))
    : [];
  return { copy, photos };
}

/** The public welcome page: a picture, the promise, one button (or the invitation-only notice's way in: log in). */
export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const look = useLook();
  const name = site?.name ?? "";
  const { photos, copy } = loaderData;
  const lead = copy.text ?? t("welcome.lead");
  const anyFictional = photos.some((p) => p.fictional);
  return (
    <>
      <title>{t("meta.welcomeTitle", { site: name })}</title>
      <meta name="description" content={copy.text ?? t("meta.welcomeDescription", { site: name })} />
      <section className="welcome-hero">
        <div className="stack">
          <h1>{copy.headline ?? t("welcome.heading", { site: name })}</h1>
          <p className="lead">{lead}</p>
          <div className="welcome-cta">
            {site?.signupOpen !== false ? (
              <Link className="button large" to={site?.signupHref ?? "/signup"}>
                {t("welcome.cta")}
              </Link>
            ) : (
              <p className="muted">{t("welcome.inviteOnly", { site: name })}</p>
            )}
            <p>
              {t("welcome.haveAccount")} <Link to="/login">{t("welcome.loginLink")}</Link>
            </p>
          </div>
        </div>
        {look?.hero ? (
          <img className="welcome-hero-image" src={look.hero} alt="" width={640} height={480} fetchPriority="high" />
        ) : photos.length >= 3 ? (
          <div>
            <ul className="welcome-mosaic" aria-hidden="true">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <img
                    src={(site?.cdnPrefix ?? "") + photo.src}
                    alt=""
                    width={160}
                    height={213}
                    loading={index < 3 ? "eager" : "lazy"}
                    decoding="async"
                  />
                  {photo.fictional ? <span className="mosaic-mark">{site?.fictionalIcon}</span> : null}
                </li>
              ))}
            </ul>
            {anyFictional ? (
              <p className="muted mosaic-note">
                {t("search.fictionalNote", { icon: site?.fictionalIcon ?? "", plural: site?.fictionalPlural ?? "" })}
              </p>
            ) : null}
          </div>
        ) : (
          // Neither a hero nor photos: the site's own icon (ADR 061), so the page is still its brand's.
          <img className="welcome-mark" src="/icons/site/512.png" alt="" width={256} height={256} />
        )}
      </section>
      <ul className="selling-points">
        <li>
          <span className="point-icon i-gem" aria-hidden="true" />
          {t("welcome.point1")}
        </li>
        <li>
          <span className="point-icon i-search" aria-hidden="true" />
          {t("welcome.point2")}
        </li>
        <li>
          <span className="point-icon i-chat" aria-hidden="true" />
          {t("welcome.point3")}
        </li>
      </ul>
    </>
  );
}
