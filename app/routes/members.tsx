import { Suspense, useEffect, useRef, useState } from "react";
import { TEMPLATE_FLAGS } from "../../contract/rules/templates";
import { templateFor } from "~/lib/theme.server";
import { Await, Link, redirect, useFetcher } from "react-router";
import { ProfileCard, ProfileGrid } from "~/components/ProfileCard";
import { AdTile, CamTile } from "~/components/Tiles";
import { fetchCams, search, type SearchRequest } from "~/lib/api/discover.server";
import type { Cam, ProfileCard as Card, SearchFilters } from "../../contract/schemas";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { pageError } from "~/lib/page-errors.server";
import { getLocale } from "~/lib/i18n.server";
import { countText, resultCount } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext, trackingContext } from "~/lib/context";
import {
  ageRange,
  ageRangeKey,
  countIsCapped,
  NO_SEARCH_EXTRAS,
  type SearchExtras,
  searchCountries,
  searchExtrasFrom,
  searchExtrasParams,
  similarFilters,
  similarOnly,
} from "../../contract/rules/search";
import { PAGE_SIZE, SEARCH_MAX_PAGE } from "../../contract/limits";
import { showCamTiles, withTiles } from "../../contract/rules/tiles";
import type { Route } from "./+types/members";
import { useSite } from "~/lib/root-data";
import { SearchForm } from "~/components/search/SearchForm";

/**
 * Filters from the URL (a GET form). No filter at all is the first load, where the API picks
 * them (docs/product.md §4). A region of another country is dropped: changing country resets the region.
 */
function requestFrom(url: URL, countries: string[], regions: Record<string, { id: number }[]>): SearchRequest {
  const params = url.searchParams;
  const page = Math.min(SEARCH_MAX_PAGE, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const country = params.get("country")?.toUpperCase() ?? "";
  if (!["gender", "age", "country", "region"].some((name) => params.has(name)) || !countries.includes(country)) {
    return { firstLoad: true, page };
  }
  const gender = params.get("gender");
  const range = ageRange(params.get("age"));
  const region = Number(params.get("region") ?? 0);
  return {
    firstLoad: false,
    page,
    filters: {
      gender: gender === "male" || gender === "female" ? gender : "",
      min_age: range.min,
      max_age: range.max,
      country,
      countryregion: regions[country]?.some((r) => r.id === region) ? region : 0,
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await siteSettings(request, context);
  const url = new URL(request.url);
  const searchRequest = requestFrom(url, settings.countries, settings.region_data);
  // Photo-verified members only (ADR 059) and the extras (ADR 062): URL parameters beside the filters.
  const verifiedOnly = url.searchParams.get("verified") === "1";
  const extras = searchExtrasFrom(url.searchParams);
  const network = context.get(trackingContext).tracking.network;
  // The search goes out beside the member's lookup (docs/decisions/043).
  const [user, result] = await Promise.all([
    getOptionalUser(context),
    search(context.get(apiContext), { ...searchRequest, trafficsource: network, verifiedOnly, extras }),
  ]);
  if (!result.ok) {
    if (result.error.error === "search_requires_login") return { locked: true as const };
    // Filters the API refuses (a site changed its countries, say) fall back to the first load.
    if (result.status === 422 && !searchRequest.firstLoad) throw redirect(url.pathname);
    pageError(result.status);
  }
  const filters = result.data.filter_options;
  const { profiles } = result.data;
  const lastPage = Math.max(1, Math.ceil(result.data.paging.num_results / PAGE_SIZE));
  // An extra, streamed (never awaited, never rejects): on the last page, profiles like these,
  // but none the main search finds on any of its pages (issue 16, defect 5).
  const similar =
    result.data.paging.page >= lastPage
      ? search(context.get(apiContext), {
          firstLoad: false,
          page: 1,
          filters: similarFilters(filters),
          doNotSave: true,
          exclude: filters,
          trafficsource: network,
          // Wider ages and any region, but who the member asked for still: verified, with a photo, active.
          verifiedOnly,
          extras: { ...NO_SEARCH_EXTRAS, active: extras.active, photo: extras.photo },
        })
          .then((answer) =>
            answer.ok
              ? similarOnly(
                  answer.data.profiles,
                  filters,
                  profiles.map((p) => p.id),
                )
              : null,
          )
          .catch(() => null)
      : null;
  // Cam tiles are an extra too: streamed, an empty list when the provider fails.
  const tiles = user
    ? showCamTiles({
        loggedIn: true,
        paidUser: user.paid_user,
        signupDate: user.signup_date,
        now: Date.now(),
        memberResell: settings.member_resell,
      })
    : false;
  const cams = tiles
    ? fetchCams(context.get(apiContext), filters)
        .then((answer) => (answer.ok ? Object.values(answer.data.cams) : []))
        .catch(() => [])
    : null;
  const countries = searchCountries({
    own: user?.profile.country ?? null,
    geo: settings.geoip_country,
    selected: filters.country,
    siteCountries: settings.countries,
    // The template decides (docs/product.md §1.7): classic offers all the site's countries.
    allCountries: TEMPLATE_FLAGS[templateFor(request, settings)].searchAllCountries,
  });
  return {
    locked: false as const,
    profiles,
    similar,
    cams,
    total: result.data.paging.num_results,
    totalText: countText(getLocale(context), result.data.paging.num_results),
    // More may match than the count says: it stopped at the last page one may ask for.
    capped: countIsCapped(result.data.paging),
    page: result.data.paging.page,
    filters,
    verifiedOnly,
    // What the API applied (a PHP API without the extras applies none); a visitor has no place.
    extras: result.data.extras ?? { ...extras, location_known: false },
    // Asked for a distance or "nearest first", which need the member's city.
    askedNear: extras.distance !== null || extras.sort === "nearest",
    member: user !== null,
    countries,
    regions: settings.region_data[filters.country] ?? [],
  };
}

/** The URL of a page of these results: what the "more" link and the infinite scroll load. */
function pageUrl(filters: SearchFilters, page: number, verifiedOnly: boolean, extras: SearchExtras): string {
  const params = new URLSearchParams({
    gender: filters.gender,
    age: ageRangeKey(filters.min_age, filters.max_age),
    country: filters.country,
    region: String(filters.countryregion),
    ...searchExtrasParams(extras),
    page: String(page),
  });
  if (verifiedOnly) params.set("verified", "1");
  return `/members?${params}`;
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  if (loaderData.locked) {
    return (
      <section className="narrow locked">
        <title>{t("search.title", { site: site?.name ?? "" })}</title>
        <h1>{t("search.lockedHeading")}</h1>
        {/* An invite-only site offers no sign-up here: only logging in (issue 29 point 22). */}
        <p>{t(site?.signupOpen ? "search.lockedText" : "search.lockedTextLogin")}</p>
        <p className="actions">
          {site?.signupOpen ? (
            <Link className="button" to={site?.signupHref ?? "/signup"}>
              {t("nav.signup")}
            </Link>
          ) : null}
          <Link className="button secondary" to="/login?redirectTo=%2Fmembers">
            {t("nav.login")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <Results key={pageUrl(loaderData.filters, loaderData.page, loaderData.verifiedOnly, loaderData.extras)} data={loaderData} />
  );
}

type ResultsData = Exclude<Route.ComponentProps["loaderData"], { locked: true }>;

function Results({ data }: { data: ResultsData }) {
  const translator = useTranslation();
  const { t } = translator;
  const site = useSite();
  const { filters, total } = data;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  // With JavaScript, later pages are appended as the member scrolls (or clicks "more").
  const [profiles, setProfiles] = useState<Card[]>(data.profiles);
  const [loadedPage, setLoadedPage] = useState(data.page);
  const more = useFetcher<typeof loader>();
  useEffect(() => {
    const next = more.data;
    if (more.state !== "idle" || !next || next.locked) return;
    setProfiles((shown) => [...shown, ...next.profiles.filter((p) => !shown.some((s) => s.id === p.id))]);
    setLoadedPage(next.page);
  }, [more.state, more.data]);
  const hasMore = loadedPage < lastPage;
  const loadMore = () => {
    if (more.state === "idle" && hasMore) more.load(pageUrl(filters, loadedPage + 1, data.verifiedOnly, data.extras));
  };
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: "400px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  });

  return (
    <>
      <title>{t("search.title", { site: site?.name ?? "" })}</title>
      <meta name="description" content={t("search.description", { site: site?.name ?? "" })} />
      <h1>{t("search.heading")}</h1>
      <SearchForm
        filters={filters}
        verifiedOnly={data.verifiedOnly}
        extras={data.extras}
        askedNear={data.askedNear}
        member={data.member}
        countries={data.countries}
        regions={data.regions}
      />
      <p className="result-count" role="status">
        {resultCount(translator, total, data.capped, data.totalText)}
      </p>
      {profiles.length === 0 ? (
        <p className="empty-state">{t("search.empty")}</p>
      ) : data.cams ? (
        <Suspense fallback={<Grid profiles={profiles} cams={[]} />}>
          <Await resolve={data.cams}>{(cams) => <Grid profiles={profiles} cams={cams} />}</Await>
        </Suspense>
      ) : (
        <Grid profiles={profiles} cams={null} />
      )}
      <div ref={sentinel} />
      <nav className="pager" aria-label={t("search.pages")}>
        {data.page > 1 ? (
          <Link to={pageUrl(filters, data.page - 1, data.verifiedOnly, data.extras)} rel="prev">
            {t("search.previous")}
          </Link>
        ) : null}
        {hasMore ? (
          <Link
            to={pageUrl(filters, loadedPage + 1, data.verifiedOnly, data.extras)}
            rel="next"
            className="button secondary"
            aria-busy={more.state !== "idle"}
            onClick={(event) => {
              event.preventDefault();
              loadMore();
            }}
          >
            {more.state !== "idle" ? t("loading") : t("search.more")}
          </Link>
        ) : null}
      </nav>
      {!hasMore ? (
        <SimilarProfiles
          similar={(more.data && !more.data.locked ? more.data : data).similar}
          filters={filters}
          shown={profiles}
        />
      ) : null}
      {profiles.some((p) => p.fictional) ? (
        <p className="muted fictional-note">
          {t("search.fictionalNote", { icon: site?.fictionalIcon ?? "", plural: site?.fictionalPlural ?? "" })}
        </p>
      ) : null}
    </>
  );
}

/** The results, with cam and ad tiles where the member gets them (cams null: no tiles). */
function Grid({ profiles, cams }: { profiles: Card[]; cams: Cam[] | null }) {
  const site = useSite();
  return (
    <ul className="profile-grid">
      {withTiles(profiles, cams ?? [], cams !== null).map((item, index) => (
        <li key={item.kind === "profile" ? item.profile.id : `${item.kind}-${index}`}>
          {/* A boundary per card: the browser hydrates the cards one by one, in short tasks a
              slow phone can answer taps between, instead of in one long one. */}
          <Suspense fallback={null}>
            {item.kind === "profile" ? (
              <ProfileCard
                profile={item.profile}
                place="search"
                cdnPrefix={site?.cdnPrefix ?? ""}
                fictionalIcon={site?.fictionalIcon ?? ""}
                eager={index < 4}
              />
            ) : item.kind === "cam" ? (
              <CamTile cam={item.cam} />
            ) : (
              <AdTile cam={item.cam} />
            )}
          </Suspense>
        </li>
      ))}
    </ul>
  );
}

/**
 * docs/product.md §4: when results run short, similar profiles follow (wider ages, any region),
 * never anyone the results above show, however many pages were loaded into them.
 */
function SimilarProfiles({
  similar,
  filters,
  shown,
}: {
  similar: ResultsData["similar"];
  filters: SearchFilters;
  shown: Card[];
}) {
  const { t } = useTranslation();
  if (!similar) return null;
  return (
    <Suspense fallback={null}>
      <Await resolve={similar}>
        {(answer) => {
          const profiles = answer
            ? similarOnly(
                answer,
                filters,
                shown.map((p) => p.id),
              )
            : [];
          return profiles.length > 0 ? (
            <section className="similar" aria-labelledby="similar-heading">
              <h2 id="similar-heading">{t("search.similar")}</h2>
              <ProfileGrid profiles={profiles} place="search" headingLevel={3} />
            </section>
          ) : null;
        }}
      </Await>
    </Suspense>
  );
}
