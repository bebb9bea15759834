/** The discover calls: search, one member's page, likes (docs/product.md §7; profile.php designed). */
import type { LikeBody, NotificationsReadBody } from "../../../contract/requests/discover";
import type { ApiClient } from "./client.server";
import {
  CamSearchAnswerSchema,
  LikeRecordSchema,
  LikesAnswerSchema,
  MemberAnswerSchema,
  NotificationsAnswerSchema,
  NotificationsReadAnswerSchema,
  SearchAnswerSchema,
  type SearchFilters,
} from "../../../contract/schemas";
import { type SearchExtras, searchExtrasParams } from "../../../contract/rules/search";

export type SearchRequest =
  | {
      firstLoad: true;
      page: number;
      trafficsource?: string | undefined;
      /** Fewer than a page when a page shows only a few (the home's suggestions): less to read and send. */
      perPage?: number;
      /** An advertisement (landers, /signup-matches): entertainment profiles and members who opted in only. */
      promotion?: boolean;
    }
  | {
      firstLoad: false;
      page: number;
      filters: SearchFilters;
      trafficsource?: string | undefined;
      /** Similar-profile searches must not replace the member's saved search. */
      doNotSave?: boolean;
      /** Similar-profile searches: the main search's filters, whose profiles the API leaves out. */
      exclude?: SearchFilters;
      /** An advertisement (the match finder): entertainment profiles and members who opted in only. */
      promotion?: boolean;
    };

/** `verifiedOnly`: photo-verified members only (ADR 059); `extras`: distance, active, photo, sort (ADR 062). */
export function search(api: ApiClient, request: SearchRequest & { verifiedOnly?: boolean; extras?: SearchExtras }) {
  const perPage = (request.firstLoad && request.perPage) || 12;
  const query: Record<string, string> = { page: String(request.page), pp: String(perPage) };
  if (request.trafficsource) query.trafficsource = request.trafficsource;
  // docs/product.md "Visibility across sites": no member in an advertisement without opting in.
  if (request.promotion) query.promotion = "1";
  if (request.verifiedOnly) query.verified = "1";
  if (request.extras) Object.assign(query, searchExtrasParams(request.extras));
  if (request.firstLoad) {
    Object.assign(query, { source: "search", auto_load: "1", hideNudity: "1", searchAllCountries: "1" });
  } else {
    const f = request.filters;
    Object.assign(query, {
      country: f.country,
      countryregion: String(f.countryregion),
      min_age: String(f.min_age),
      max_age: String(f.max_age),
      gender: f.gender,
      manual_search: "1",
    });
    if (request.doNotSave) query.do_not_save = "1";
    if (request.exclude) {
      Object.assign(query, {
        exclude_min_age: String(request.exclude.min_age),
        exclude_max_age: String(request.exclude.max_age),
        exclude_countryregion: String(request.exclude.countryregion),
      });
    }
  }
  return api.call(SearchAnswerSchema, "/api/search.php", { query });
}

/** `promotion`: the page is an advertisement (a member lander): only an entertainment profile or a member who opted in. */
export function fetchProfile(api: ApiClient, id: number, options: { promotion?: boolean } = {}) {
  const query: Record<string, string> = { id: String(id) };
  if (options.promotion) query.promotion = "1";
  return api.call(MemberAnswerSchema, "/api/profile.php", { query });
}

/** `likedByOnly`: the home shows only who likes the member (`profiles` comes back empty; another API may send it anyway). */
export function fetchLikes(api: ApiClient, likedByOnly = false) {
  return api.call(LikesAnswerSchema, "/api/likes.php", likedByOnly ? { query: { list: "liked_by" } } : {});
}

export function setLike(api: ApiClient, profile: number, like: boolean) {
  const body: LikeBody = { profile };
  return api.call(LikeRecordSchema, "/api/likes.php", { method: like ? "POST" : "DELETE", body });
}

/** GET /api/xcams/search.php: live cams for the tiles, in the search's gender and ages. */
/** The same for every member of a site with these filters (a public answer): kept a minute per isolate (ApiClient.callShared). */
export function fetchCams(api: ApiClient, filters: SearchFilters) {
  return api.callShared(CamSearchAnswerSchema, "/api/xcams/search.php", {
    gender: filters.gender,
    min_age: String(filters.min_age),
    max_age: String(filters.max_age),
  });
}

export function fetchNotifications(api: ApiClient) {
  return api.call(NotificationsAnswerSchema, "/api/notifications.php");
}

export function markNotificationsRead(api: ApiClient) {
  const body: NotificationsReadBody = { read: "all" };
  return api.call(NotificationsReadAnswerSchema, "/api/notifications.php", { method: "POST", body });
}
