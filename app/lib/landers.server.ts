/**
 * What every lander's loader does (docs/decisions/022): the slug checked against the site (a
 * wrong one redirects, junk is the 404 page), the visitor's place, photos from the site's own
 * search, and sign-up step 0 as plain HTML (or the invite-only notice).
 */
import { redirect, type RouterContextProvider } from "react-router";
import { screeningNotice } from "./safety-notice.server";
import { getValibotConstraint } from "@conform-to/valibot";
import { search } from "./api/discover.server";
import { fetchCsrf } from "./api/signup.server";
import { siteSettings } from "./api/site.server";
import { apiContext, outgoingCookies, trackingContext } from "./context";
import { localeCookie, requestLocale } from "./i18n.server";
import { AccountSchema } from "./forms/signup";
import { canonicalSlug, parseSlug } from "./landers";
import { visitorArea } from "./visitor-area";
import { notFound, pageError } from "./page-errors.server";
import { signupOpen } from "../../contract/rules/signup-steps";
import { LOCALES } from "../../contract/locales";
import type { Settings } from "../../contract/schemas";

/** Fewer photos than this from the visitor's region do not fill a lander: it shows the usual ones. */
const MIN_NEAR_PHOTOS = 4;

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export interface LanderPhoto {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  src: string;
  fictional: boolean;
}

/**
 * The slug of `base/:slug`: absent (allowed only when `optional`, else a redirect to the
 * canonical one in the visitor's language), junk (the 404 page), another niche's prefix or
 * another spelling of the language (a 302 to the canonical slug, the query kept: docs/decisions/022).
 * Answers the page's canonical and alternate addresses.
 */
export async function checkSlug(args: Args, settings: Settings, base: string, slug: string, optional = false) {
  const url = new URL(args.request.url);
  const locale = requestLocale(args.context);
  const canonicalPath = (l: typeof locale) => `${base}/${canonicalSlug(settings.niche, l)}`;
  const alternates = [
    ...LOCALES.map((l) => ({ hrefLang: l, href: url.origin + canonicalPath(l) })),
    { hrefLang: "x-default", href: url.origin + canonicalPath(settings.domain_language) },
  ];
  const clean = slug.replace(/\/+$/, "");
  if (clean === "") {
    if (optional) return { canonical: url.origin + canonicalPath(locale), alternates };
    throw redirect(canonicalPath(locale) + url.search, 302);
  }
  const parsed = parseSlug(clean);
  if (!parsed) return notFound(args);
  const wanted = canonicalSlug(settings.niche, parsed.locale);
  if (clean !== wanted) throw redirect(`${base}/${wanted}${url.search}`, 302);
  // The slug chose the page's language (lib/i18n.server.ts): /signup and the rest go on in it.
  const cookieLocale: unknown = await localeCookie.parse(args.request.headers.get("Cookie"));
  if (cookieLocale !== parsed.locale) args.context.get(outgoingCookies).push(await localeCookie.serialize(parsed.locale));
  return { canonical: url.origin + canonicalPath(parsed.locale), alternates };
}

/** The site's settings, the sign-up form's data (or closed), photos and the visitor's place. */
export async function landerData(args: Args, count = 12) {
  const { request, context } = args;
  const api = context.get(apiContext);
  const settings = await siteSettings(request, context);
  const tracking = context.get(trackingContext).tracking;
  const open = signupOpen(settings.signups, tracking.network);
  const area = visitorArea(Reflect.get(request, "cf"), settings);
  const [csrf, found] = await Promise.all([
    open ? fetchCsrf(api) : null,
    // An advertisement: entertainment profiles and members who opted in only (docs/product.md
    // "Visibility across sites"); from the visitor's region when the page names their city.
    search(
      api,
      area
        ? { firstLoad: false, page: 1, filters: area.filters, doNotSave: true, trafficsource: tracking.network, promotion: true }
        : { firstLoad: true, page: 1, trafficsource: tracking.network, promotion: true },
    ).catch(() => null),
  ]);
  if (csrf && !csrf.ok) pageError(csrf.status);
  let photos = found?.ok ? landerPhotos(found.data.profiles, settings.cdn_prefix) : [];
  // "Near {city}" only over photos from there: a region too thin for the page gets the site's
  // usual first page, and the words without a place.
  const near = area !== null && photos.length >= MIN_NEAR_PHOTOS;
  if (area && !near) {
    const usual = await search(api, { firstLoad: true, page: 1, trafficsource: tracking.network, promotion: true }).catch(
      () => null,
    );
    photos = usual?.ok ? landerPhotos(usual.data.profiles, settings.cdn_prefix) : [];
  }
  return {
    settings,
    form: {
      open,
      siteName: settings.name,
      csrf: csrf?.ok ? csrf.data.csrf : "",
      constraint: getValibotConstraint(AccountSchema),
      referrer: request.headers.get("referer") ?? "",
      /** The site-entry warning goes into the form instead of a page before it (docs/product.md §2.5). */
      entryWarning: settings.entry_warning ? settings.niche : null,
      screeningNotice: screeningNotice(settings, context),
    },
    photos: photos.slice(0, count),
    place: near ? area.city : null,
  };
}

/** Members with a main photo, as the landers and the match finder show them. */
export function landerPhotos(
  profiles: readonly (Omit<LanderPhoto, "src"> & { main_image?: { thumb_filename: string } | null })[],
  cdnPrefix: string,
): LanderPhoto[] {
  return profiles.flatMap((p) =>
    p.main_image
      ? [
          {
            id: p.id,
            name: p.name,
            age: p.age,
            city: p.city,
            src: cdnPrefix + p.main_image.thumb_filename,
            fictional: p.fictional,
          },
        ]
      : [],
  );
}
