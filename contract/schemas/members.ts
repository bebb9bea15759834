/** Members as others and they themselves see them: profiles, the user answer, decisions and appeals, search, likes and cams. */
import { z } from "zod";
import { APPEAL_STATES, DECISIONS_AGAINST } from "../rules/appeals";
import { INTERESTED_IN, SEARCH_SORTS } from "../rules/search";
import { BAN_CATEGORIES } from "../rules/staff";
import { RegionSchema, countryCode } from "./site";

export const ImageSchema = z.object({ id: z.number().int(), thumb_filename: z.string() });

export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: countryCode.nullable(),
  countryregion: z.number().int().nullable(),
  language: z.string(),
  gender: z.enum(["male", "female"]).nullable(),
  /** Whom the member is interested in (designed, issue 16); only the owner sees it, like date_of_birth. */
  interested_in: z.enum(INTERESTED_IN).nullable().default(null),
  date_of_birth: z.string().nullable(),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  images: z.array(ImageSchema),
  personal: z.record(z.string(), z.string()),
  lastSignupStep: z.number().int().min(0).max(7),
  fictional: z.boolean(),
  /** The profile definition's select fields (GET /api/profile_fields.php), by field name. */
  fields: z.record(z.string(), z.string()).default({}),
  /** A premium member (designed): their page shows the badge. */
  premium: z.boolean().default(false),
  /** Photo verified (ADR 059): a moderator compared a selfie with the main photo, still the main one. */
  verified: z.boolean().default(false),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Why an account was banned (the statement of reasons' category; /pages/ban names it). */
export { BAN_CATEGORIES } from "../rules/staff";

export const UserSchema = z.object({
  email: z.string(),
  profile: ProfileSchema,
  fictional_icon: z.string(),
  mailprovider: z.number().int(),
  paid_user: z.boolean(),
  /** Unix milliseconds. */
  signup_date: z.number().int(),
  /** Credit balance (sum of the ledger). */
  credits: z.number().int(),
  /** Likes the member has not looked at yet (designed; feeds the app badge). */
  new_likes: z.number().int(),
  /** Messages from others the member has not seen yet, over all conversations (designed; the badge). */
  unread_messages: z.number().int().default(0),
  /** not_confirmed until the activation link is opened (designed). */
  status: z.enum(["active", "not_confirmed"]).default("active"),
  /** Push on the account (designed): a subscription stored, refused, or never asked. */
  push: z.enum(["subscribed", "denied"]).nullable().default(null),
  /** The IANA time zone the member's browser reported at sign-up (designed), for showing times. */
  timezone: z.string().nullable().default(null),
  /**
   * Who sees the member's profile (designed; docs/product.md "Visibility across sites"): their own
   * site only, or every site of the network; and whether it may appear in advertisements.
   */
  visibility: z
    .object({
      only_this_site: z.boolean(),
      promote: z.boolean(),
      /** Only photo-verified members may start a conversation with the member (ADR 059); an API without it: false. */
      verified_writers_only: z.boolean().default(false),
    })
    .default({ only_this_site: false, promote: false, verified_writers_only: false }),
  /** The member's premium membership while it runs (designed; docs/product.md §10.8), else null. */
  premium: z
    .object({
      plan_id: z.string(),
      months: z.number().int(),
      started_at: z.number().int(),
      until: z.number().int(),
      renews: z.boolean(),
      canceled_at: z.number().int().nullable(),
    })
    .nullable()
    .default(null),
  /**
   * A ban on the account (designed, issue 15; /pages/ban shows it), else null: the statement of
   * reasons the member is owed (EU DSA art. 17), when it was decided and how to appeal.
   */
  ban: z
    .object({
      /** The statement of reasons, written for the member (text, shown as text). */
      reason: z.string(),
      category: z.enum(BAN_CATEGORIES),
      /** Unix milliseconds. */
      decided_at: z.number().int(),
      /** The last moment an appeal is taken (Unix milliseconds), or null when there is no deadline. */
      appeal_until: z.number().int().nullable(),
      /** Where to appeal: a path of this site or an https address; null means the service page. */
      appeal_url: z.string().nullable(),
      /** The decision's id (GET /api/decisions.php, POST /api/appeal.php); null from an API without appeals. */
      decision_id: z.number().int().nullable().default(null),
    })
    .nullable()
    .default(null),
});
export type PremiumState = NonNullable<z.infer<typeof UserSchema>["premium"]>;
export type Ban = NonNullable<z.infer<typeof UserSchema>["ban"]>;
export type User = z.infer<typeof UserSchema>;

/**
 * GET /api/decisions.php (designed, ADR 030): one decision against the member (a warning, a
 * photo removed, a ban) with its statement of reasons (DSA art. 17) and the member's appeal.
 */
export const DecisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(DECISIONS_AGAINST),
  category: z.enum(BAN_CATEGORIES),
  /** The statement of reasons, written for the member (text, shown as text). */
  reason: z.string(),
  /** Unix milliseconds. */
  decided_at: z.number().int(),
  /** The last moment an appeal is taken (Unix milliseconds), or null when there is no deadline. */
  appeal_until: z.number().int().nullable(),
  /** Whether an appeal is taken now: none sent yet and the period not over. */
  appealable: z.boolean(),
  /** The ban in force is this decision. */
  in_force: z.boolean(),
  appeal: z
    .object({
      reference: z.string(),
      state: z.enum(APPEAL_STATES),
      created_at: z.number().int(),
      decided_at: z.number().int().nullable(),
    })
    .nullable(),
});
export type Decision = z.infer<typeof DecisionSchema>;
export const DecisionsAnswerSchema = z.object({ decisions: z.array(DecisionSchema) });

/** POST /api/appeal.php (designed, ADR 030): the appeal's reference. */
export const AppealFiledSchema = z.object({
  reference: z.string(),
  decision_id: z.number().int(),
  state: z.literal("open"),
  created_at: z.number().int(),
});
export type AppealFiled = z.infer<typeof AppealFiledSchema>;

export const UserAnswerSchema = z.object({ user: UserSchema });
export const RegionsAnswerSchema = z.object({ country: countryCode, regions: z.array(RegionSchema) });
export const LogoutAnswerSchema = z.literal("done");

/** A profile as search, likes and cards show it: the Profile's public summary, and the like. */
export const ProfileCardSchema = ProfileSchema.pick({
  id: true,
  name: true,
  age: true,
  city: true,
  country: true,
  countryregion: true,
  language: true,
  gender: true,
  main_image: true,
  fictional: true,
  verified: true,
}).extend({
  /** Whether the logged-in member likes this profile (false for visitors). */
  liked: z.boolean(),
  /** Km from the searching member's city, in search answers when both places are known (designed, ADR 062). */
  distance_km: z.number().int().nonnegative().optional(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

export const SearchFiltersSchema = z.object({
  gender: z.enum(["male", "female", ""]),
  min_age: z.number().int(),
  max_age: z.number().int(),
  country: countryCode,
  countryregion: z.number().int(),
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const SearchAnswerSchema = z.object({
  profiles: z.array(ProfileCardSchema),
  paging: z.object({ num_results: z.number().int(), page: z.number().int(), pp: z.number().int() }),
  filter_options: SearchFiltersSchema,
  /**
   * The extras applied (designed, ADR 062). `location_known` false: the member's city has no known
   * place, so a distance and "nearest first" were left out (the answer is sorted newest first).
   * A PHP API without the extras leaves it out.
   */
  extras: z
    .object({
      distance: z.number().int().nullable(),
      active: z.boolean(),
      photo: z.boolean(),
      sort: z.enum(SEARCH_SORTS),
      location_known: z.boolean(),
    })
    .optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** GET /api/profile.php (designed): one member's page. */
export const MemberAnswerSchema = z.object({
  profile: ProfileSchema.extend({ liked: z.boolean() }),
});

export const LikesAnswerSchema = z.object({
  profiles: z.array(ProfileCardSchema.extend({ like_new: z.boolean() })),
  liked_by: z.array(ProfileCardSchema.extend({ like_new: z.boolean() })),
});
export type LikesAnswer = z.infer<typeof LikesAnswerSchema>;

export const LikeRecordSchema = z.object({
  id: z.number().int(),
  did_like_profile: z.boolean(),
  /** Designed: the liked member likes the member too (a match); false after an unlike. */
  mutual: z.boolean().default(false),
});

/** A live cam (docs/product.md §3: "Cam profile: account"; the other fields are designed). */
export const CamSchema = z.object({
  account: z.string(),
  name: z.string(),
  age: z.number().int().nullable(),
  snapshot: z.string(),
});
export type Cam = z.infer<typeof CamSchema>;
export const CamSearchAnswerSchema = z.object({ cams: z.record(z.string(), CamSchema) });
