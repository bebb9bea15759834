/** Requests of the discover calls: search.php, profile.php, likes.php, notifications.php. */
import { z } from "zod";
import { MAX_AGE, MIN_AGE, PAGE_SIZE, SEARCH_MAX_PAGE } from "../limits";
import { SEARCH_DISTANCES, SEARCH_SORTS } from "../rules/search";
import { withFieldCode } from "./field-code";

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

/** The refinement's message, which the API answers as the field code of min_age. */
export const MIN_AGE_ABOVE_MAX_AGE = "min_age_above_max_age";

/** GET /api/search.php's query string. Other parameters (the PHP API's) are ignored. */
export const SearchQuerySchema = z
  .object({
    auto_load: flag.optional(),
    manual_search: flag.optional(),
    do_not_save: flag.optional(),
    trafficsource: z.string().max(200).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase())
      .optional(),
    countryregion: z.coerce.number().int().min(0).optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    gender: z.enum(["male", "female", ""]).optional(),
    page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
    pp: z.coerce.number().int().min(1).max(48).default(PAGE_SIZE),
    /**
     * Similar-profile searches (designed): leave out everyone the main search finds, that is the
     * profiles of the asked gender and country aged exclude_min_age to exclude_max_age (and, when
     * not 0, in region exclude_countryregion), so no one shows twice on the search page. Both
     * ages or neither: one alone leaves out no one.
     */
    exclude_min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    exclude_max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    exclude_countryregion: z.coerce.number().int().min(0).optional(),
    /**
     * For an advertisement (designed: landers, the match finder, /signup-matches): only
     * entertainment profiles and members who opted in to promotion (docs/product.md "Visibility
     * across sites").
     */
    promotion: flag.optional(),
    /** Photo-verified members only (designed, ADR 059). */
    verified: flag.optional(),
    /**
     * The extras (designed, ADR 062): within `distance` km of the member's own city, seen in the
     * last day, with a photo, and the order. Distance and "nearest" need the member's city.
     */
    distance: z.coerce
      .number()
      .int()
      .refine((d) => (SEARCH_DISTANCES as readonly number[]).includes(d))
      .optional(),
    active: flag.optional(),
    photo: flag.optional(),
    sort: z.enum(SEARCH_SORTS).default("newest"),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ["min_age"],
    message: MIN_AGE_ABOVE_MAX_AGE,
  })
  .refine((q) => q.exclude_min_age === undefined || q.exclude_max_age === undefined || q.exclude_min_age <= q.exclude_max_age, {
    path: ["exclude_min_age"],
    message: MIN_AGE_ABOVE_MAX_AGE,
  });
export type SearchQueryParsed = z.output<typeof SearchQuerySchema>;

/** GET /api/profile.php?id=. */
export const ProfileIdSchema = z.coerce.number().int().positive();

/** profile.php's `promotion` (designed): the page is an advertisement (a member lander); absent is false. */
export const PromotionFlagSchema = flag.optional().transform((v) => v === true);

/** POST and DELETE /api/likes.php. */
export const LikeBodySchema = z.object({ profile: z.coerce.number().int().positive() });
export type LikeBody = z.input<typeof LikeBodySchema>;
export type LikeBodyParsed = z.output<typeof LikeBodySchema>;

/** POST /api/notifications.php. */
export const NotificationsReadBodySchema = z.object({ read: z.literal("all") });
export type NotificationsReadBody = z.input<typeof NotificationsReadBodySchema>;

/** GET /api/likes.php?list=liked_by (designed): only who likes the member; any other list answers "invalid". */
export const LikesQuerySchema = z.object({ list: withFieldCode(z.literal("liked_by"), "invalid").optional() });

/** GET /api/profile.php?id=&promotion=: a bad id or flag answers "invalid". */
export const ProfileQuerySchema = z.object({
  id: withFieldCode(ProfileIdSchema, "invalid"),
  promotion: withFieldCode(flag, "invalid")
    .optional()
    .transform((v) => v === true),
});
