/**
 * The API contract's answers, as Zod schemas. The app parses every answer with these on the
 * server, and the reference API worker's tests parse its own answers with the same schemas,
 * so the two sides cannot drift. Field names follow docs/product.md §3 and §7 exactly.
 */
import { z } from "zod";
import { isErrorCode, type ErrorCode } from "./errors";
import { LOCALES } from "./locales";
import { APPEAL_STATES, DECISIONS_AGAINST } from "./rules/appeals";
import { INTERESTED_IN } from "./rules/search";
import { TEMPLATES } from "./rules/templates";
import { templateProblem } from "./rules/outbound-urls";
import { DEFAULT_THEME, ThemeSchema } from "./rules/theme";
import { BAN_CATEGORIES } from "./rules/staff";

const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** Every API error answer: a stable code, an English fallback, and per-field codes. */
export const ApiErrorSchema = z.object({
  error: z.string().transform((code): ErrorCode => (isErrorCode(code) ? code : "unknown")),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retry_after: z.number().optional(),
  /** discount_reserved: the member's open order that holds the code. */
  order_id: z.string().optional(),
  /** insufficient_credits (chat): the member's credits and what the message costs. */
  balance: z.number().optional(),
  cost: z.number().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export const RegionSchema = z.object({ id: z.number().int(), name: z.string() });

export const CompanyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.object({ id: z.number().int(), name: z.string() })),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /** Percentage offered to keep a member who is about to delete the account; 0 = no offer. */
  delete_discount: z.number().min(0).max(100),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;

const currencyCode = z.string().regex(/^[A-Z]{3}$/);
/** Prices including VAT, in minor units (cents), per currency the site sells in. */
const pricesSchema = z.record(currencyCode, z.number().int().positive());

/** A credit package (designed, docs/product.md §10): its id is the `:creditId` of /credits/:creditId. */
export const CreditPackageSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  credits: z.number().int().positive(),
  prices: pricesSchema,
  /** Shown as the most chosen package. */
  highlight: z.boolean().default(false),
});
export type CreditPackage = z.infer<typeof CreditPackageSchema>;

/** A premium plan (designed): a number of months, paid at once, renewed by the member. */
export const PremiumPlanSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  months: z.number().int().positive().max(24),
  prices: pricesSchema,
  /** Credits given with every paid period (one of premium's advantages). */
  bonus_credits: z.number().int().nonnegative().default(0),
});
export type PremiumPlan = z.infer<typeof PremiumPlanSchema>;

/**
 * What a site sells and for how much (designed; the spec shows no prices). Every price has the
 * `currency` entry; a country pays in the currency of its minimum_message_costs entry when
 * every package and plan has a price in it, else in `currency`. Prices include VAT at the
 * buyer's country's rate (EU VAT on electronic services); countries without a rate pay none.
 */
export const CommerceSettingsSchema = z
  .object({
    currency: currencyCode,
    vat_rates: z.record(countryCode, z.number().min(0).max(50)),
    credit_packages: z.array(CreditPackageSchema).default([]),
    premium_plans: z.array(PremiumPlanSchema).default([]),
    /** The day (YYYY-MM-DD) the current prices took effect: decides whether a discount may strike the old one through. */
    prices_since: z.iso.date().optional(),
    /** A welcome code new members get automatically: percent off for this many hours after sign-up (0: none). */
    welcome_discount: z.object({ percent: z.number().int().min(1).max(90), hours: z.number().int().min(1).max(720) }).optional(),
  })
  .refine((c) => [...c.credit_packages, ...c.premium_plans].every((p) => p.prices[c.currency] !== undefined), {
    message: "every package and plan needs a price in the default currency",
  });
export type CommerceSettings = z.infer<typeof CommerceSettingsSchema>;

/** The conversion events a postback is sent for (docs/product.md §11.5, ADR 025). */
export const POSTBACK_EVENTS = ["soi", "doi", "sale"] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];
/** The macros a postback URL template may use. */
export const POSTBACK_MACROS = [
  "clickid",
  "sub1",
  "sub2",
  "sub3",
  "sub4",
  "sub5",
  "event",
  "amount",
  "currency",
  "network",
] as const;

/**
 * Affiliate networks' server-to-server postbacks (designed; never shown to browsers). A member
 * whose sign-up tracking names `network` gets that network's template per event, once.
 * `allow_private_hosts` lets templates name loopback/private hosts (a local fake receiver); the
 * worker also needs POSTBACK_ALLOW_PRIVATE=1 to send to them. Off by default.
 */
export const PostbackSettingsSchema = z
  .object({
    networks: z.record(
      z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/),
      z.object({ soi: z.string().optional(), doi: z.string().optional(), sale: z.string().optional() }),
    ),
    allow_private_hosts: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    for (const [network, templates] of Object.entries(value.networks)) {
      for (const event of POSTBACK_EVENTS) {
        const template = templates[event];
        if (template === undefined) continue;
        const problem = templateProblem(template, POSTBACK_MACROS, value.allow_private_hosts);
        if (problem) ctx.addIssue({ code: "custom", path: ["networks", network, event], message: problem });
      }
    }
  });
export type PostbackSettings = z.infer<typeof PostbackSettingsSchema>;

/** The placeholders a partner feed's URL template may use. */
export const PARTNER_FEED_MACROS = ["gender", "min_age", "max_age"] as const;

/**
 * A partner's JSON feed of live cams for the cam and ad tiles (designed, ADR 026). `fields` maps
 * our names to the feed's (dot paths into each item); `items` is the path of the list in the
 * answer ("" when the answer is the list). `hosts`: where the snapshots and cam pages live; they
 * join the CSP's img-src and the redirect allow-list.
 */
export const PartnerFeedSchema = z
  .object({
    url: z.string(),
    items: z.string().max(100).default(""),
    fields: z.object({
      account: z.string().min(1).max(100),
      name: z.string().min(1).max(100),
      age: z.string().min(1).max(100),
      snapshot: z.string().min(1).max(100),
      live: z.string().min(1).max(100).optional(),
    }),
    hosts: z
      .array(z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/))
      .max(10)
      .default([]),
    timeout_ms: z.number().int().min(100).max(10_000).default(3000),
    allow_private_hosts: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const problem = templateProblem(value.url, PARTNER_FEED_MACROS, value.allow_private_hosts);
    if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
  });
export type PartnerFeed = z.infer<typeof PartnerFeedSchema>;

/** What a site stores. The settings answer adds the per-request fields (regions, geo-IP). */
export const StoredSettingsSchema = z.object({
  name: z.string().min(1),
  domain: z.string().min(1),
  domain_language: z.enum(LOCALES),
  niche: z.number().int().min(1).max(7),
  signups: z.enum(["all", "with_trafficsource", "other"]),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  push_pub: z.string(),
  fictional_icon: z.string(),
  fictional_plural: z.string(),
  countries: z.tuple([countryCode], countryCode), // at least one: the first is the default
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  /** Per country: the least a message may cost, in credits, and the currency it is priced in. */
  minimum_message_costs: z.record(
    countryCode,
    z.object({ costs: z.number().int().nonnegative(), currency: z.string().length(3) }),
  ),
  message_credits: z.number().int().positive(),
  /** Credits a new member starts with. */
  starting_credits: z.number().int().nonnegative(),
  support_email: z.email(),
  email: z.email(),
  company_name: z.string(),
  company_address: z.string(),
  company_kvk: z.string(),
  company_city: z.string(),
  company_country: z.string(),
  company_tradenames: z.array(z.object({ id: z.number().int(), name: z.string() })),
  company_vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().min(0).max(100),
  cdn_prefix: z.string(),
  member_resell: z.array(z.enum(["cams", "camads"])),
  signup: z.object({
    showDots: z.boolean(),
    /** Step 7 offers a button into the member area before the address is confirmed (designed). */
    skipDoubleOptIn: z.boolean().default(false),
  }),
  /**
   * Where the cam and resell redirects go (designed). `{account}` is replaced by the cam's
   * account. Redirects go only to hosts listed in redirect_hosts.
   */
  partner_urls: z.object({ cams: z.url(), resell: z.url() }).optional(),
  redirect_hosts: z.array(z.string()).default([]),
  /** Conversion postbacks to affiliate networks (designed, ADR 025); not in the settings answer. */
  postbacks: PostbackSettingsSchema.optional(),
  /** The cam tiles' partner feed instead of the demo provider (designed, ADR 026); the answer shows only its hosts. */
  partner_feed: PartnerFeedSchema.optional(),
  /** Absent: the site sells nothing yet (its pages say so), rather than failing to load. */
  commerce: CommerceSettingsSchema.default({ currency: "EUR", vat_rates: {}, credit_packages: [], premium_plans: [] }),
  /** The site's look (designed; contract/rules/theme.ts): colours, radius, fonts, logo, hero. */
  theme: ThemeSchema.default(DEFAULT_THEME),
  /** The template and so its feature flags (spec §1; contract/rules/theme.ts). */
  template: z.enum(TEMPLATES).default("classic"),
  /**
   * The site-entry warning (designed; docs/product.md §2.5, docs/decisions/024): a first visit
   * shows an 18+ notice about the site's nature before any content, until the visitor accepts.
   */
  entry_warning: z.boolean().default(false),
  /**
   * Whether a member whose address is not confirmed yet may write messages (designed; docs/product.md
   * "Bans across sites", docs/decisions/040). Off by default: writing waits for the confirmation.
   */
  unconfirmed_may_message: z.boolean().default(false),
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export const SettingsSchema = StoredSettingsSchema.omit({ postbacks: true, partner_feed: true }).extend({
  /** Hosts partner images come from (the partner feed's `hosts`): the app adds them to img-src. */
  partner_image_hosts: z.array(z.string()).default([]),
  region_data: z.record(countryCode, z.array(RegionSchema)),
  geoip_country: countryCode.nullable(),
  geoip_selected_country: countryCode,
  /**
   * The names of the operator's sites that may show a member of this site (designed; this one
   * first): the sites of this database that share a country with it (docs/product.md "Visibility
   * across sites"). Sign-up names them.
   */
  network_sites: z.array(z.string()).default([]),
});
export type Settings = z.infer<typeof SettingsSchema>;

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
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Why an account was banned (the statement of reasons' category; /pages/ban names it). */
export { BAN_CATEGORIES } from "./rules/staff";

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
  visibility: z.object({ only_this_site: z.boolean(), promote: z.boolean() }).default({ only_this_site: false, promote: false }),
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
}).extend({
  /** Whether the logged-in member likes this profile (false for visitors). */
  liked: z.boolean(),
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

/** GET /api/postbacks.php (designed, ADR 025): the site's postback log, newest first. */
export const PostbackLogEntrySchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  network: z.string(),
  url: z.string(),
  status: z.enum(["queued", "retrying", "sent", "failed", "refused"]),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export const PostbackLogAnswerSchema = z.object({ postbacks: z.array(PostbackLogEntrySchema) });
export type PostbackLogAnswer = z.infer<typeof PostbackLogAnswerSchema>;

/** GET /api/notifications.php (designed): likes, messages and account notices, newest first. */
export const NOTICE_KINDS = ["welcome", "email_changed"] as const;
export const NotificationSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("like"), id: z.string(), created_at: z.number(), read: z.boolean(), profile: ProfileCardSchema }),
  z.object({ type: z.literal("account"), id: z.string(), created_at: z.number(), read: z.boolean(), kind: z.enum(NOTICE_KINDS) }),
  /** The newest message from the other member of a conversation; read once seen in the chat. */
  z.object({
    type: z.literal("message"),
    id: z.string(),
    created_at: z.number(),
    read: z.boolean(),
    conversation: z.number().int(),
    profile: ProfileCardSchema,
  }),
]);
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsAnswerSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int() });
export const NotificationsReadAnswerSchema = z.object({ unread: z.literal(0) });

/** GET /api/csrf.php (designed): the single-use token a sign-up form carries. */
export const CsrfAnswerSchema = z.object({ csrf: z.string() });

/** GET /api/validate_email.php (docs/product.md §3 "Email check response"). */
export const EmailCheckSchema = z.object({
  token: z.string(),
  status: z.enum(["new", "invalid", "active", "not_confirmed", "deleted"]),
  request_email: z.string(),
  email: z.string(),
});
export type EmailCheck = z.infer<typeof EmailCheckSchema>;

/** GET /api/profile_fields.php (designed): select fields with allowed values, and the about-me texts. */
export const ProfileFieldSchema = z.discriminatedUnion("type", [
  z.object({
    name: z.string(),
    type: z.literal("select"),
    label: z.string(),
    allowed_values: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  z.object({ name: z.string(), type: z.literal("text"), label: z.string(), max_length: z.number().int() }),
]);
export type ProfileField = z.infer<typeof ProfileFieldSchema>;
export const ProfileFieldsAnswerSchema = z.object({ fields: z.array(ProfileFieldSchema) });

/** GET /api/interests.php (designed). */
export const InterestsAnswerSchema = z.object({ interests: z.array(z.object({ id: z.string(), name: z.string() })) });

/** POST /api/user.php?push=1 (designed answer). */
export const PushAnswerSchema = z.object({ push: z.enum(["subscribed", "denied"]) });

/** GET and PUT /api/push_settings.php (designed): the kinds of push the member wants (all on by default). */
export const PushSettingsSchema = z.object({ messages: z.boolean(), likes: z.boolean(), news: z.boolean() });
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/**
 * What the API's push messages carry (docs/api.md "Push messages"): our fields for /sw-push.js,
 * and the Declarative Web Push form (web_push: 8030) that Safari 18.4+ shows without a worker.
 */
export const PushPayloadSchema = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    navigate: z.string(),
    lang: z.string(),
    icon: z.string().optional(),
    tag: z.string(),
    app_badge: z.number().int().nonnegative().optional(),
  }),
  kind: z.enum(["message", "like", "match"]),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  icon: z.string().optional(),
  badge: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

// GET /api/activate.php (docs/product.md §7): the newest activation mail's delivery state (polled by step 6).
export const ActivationStateSchema = z.object({
  delivered: z.boolean(),
  status: z.enum(["queued", "delivered", "failed", "none"]),
  /** The member has opened an activation link (status 'active'). */
  activated: z.boolean(),
});
export type ActivationState = z.infer<typeof ActivationStateSchema>;

// GET /api/dev/mailbox.php (designed, developer only): this site's newest outbox mails.
export const MailboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The http(s) URLs in the text body. */
  links: z.array(z.string()),
  created_at: z.number().int(),
  delivered_at: z.number().int().nullable(),
});
export type MailboxMail = z.infer<typeof MailboxMailSchema>;
export const MailboxAnswerSchema = z.object({ mails: z.array(MailboxMailSchema) });
export type MailboxAnswer = z.infer<typeof MailboxAnswerSchema>;

/** POST /api/profileimage.php (designed answer): the new photo and all of the member's photos. */
export const ProfileImageAnswerSchema = z.object({ image: ImageSchema, images: z.array(ImageSchema) });

/** GET /api/geocode.php?lat=&lon= (docs/product.md §7): the place at the device's position, for sign-up step 3. */
export const GeocodeAnswerSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case; null at sea. */
  country: countryCode.nullable(),
  /** One of the country's regions (region_data ids); null when unknown. */
  countryregion: z.number().int().positive().nullable(),
  /** The nearest city within 50 km in that country; null when none. */
  city: z.string().nullable(),
  /** Credit for the place data (GeoNames, CC BY 4.0): shown wherever the answer is. */
  attribution: z.string(),
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswerSchema>;

/** POST /api/password_reset.php { email } (designed): the same answer whether or not the address is a member's. */
export const PasswordResetSentSchema = z.object({ sent: z.literal(true) });
export type PasswordResetSent = z.infer<typeof PasswordResetSentSchema>;
/** GET /api/password_reset.php?token=… (designed): whether a reset link still works. */
export const PasswordResetTokenSchema = z.object({ valid: z.boolean() });
export type PasswordResetToken = z.infer<typeof PasswordResetTokenSchema>;

/** DELETE /api/profileimage.php (designed): the member's remaining photos, in order. */
export const ImagesAnswerSchema = z.object({ images: z.array(ImageSchema) });
export type ImagesAnswer = z.infer<typeof ImagesAnswerSchema>;
/** PUT /api/profileimage.php { id, main: true } (designed): the photos and the new main one. */
export const MainImageAnswerSchema = z.object({
  images: z.array(ImageSchema),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
});
export type MainImageAnswer = z.infer<typeof MainImageAnswerSchema>;
/** PUT /api/password.php (designed): the password was changed. */
export const PasswordChangedSchema = z.object({ changed: z.literal(true) });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

/** POST /api/mail_change.php (designed): the confirmation link went to `email`. */
export const MailChangeSentSchema = z.object({ sent: z.literal(true), email: z.string() });
/** GET /api/mail_change.php?token=… (designed): whether the link works, and the address it confirms. */
export const MailChangeTokenSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), email: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
/** POST /api/mail_change.php?do=1 (designed): the account now has `email`. */
export const MailChangedSchema = z.object({ changed: z.literal(true), email: z.string() });

/** GET /api/account_rescue.php?token=… (designed, issue 25): whether a "This was not me" link works, and what it undoes. */
export const AccountRescueTokenSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), kind: z.enum(["email_change", "password_change"]) }),
  z.object({ valid: z.literal(false) }),
]);
export type AccountRescueToken = z.infer<typeof AccountRescueTokenSchema>;
/**
 * POST /api/account_rescue.php (designed, issue 25): the account has `email` again, every session
 * ended, and a link to set a new password went to that address.
 */
export const AccountRescuedSchema = z.object({
  rescued: z.literal(true),
  kind: z.enum(["email_change", "password_change"]),
  email: z.string(),
});
export type AccountRescued = z.infer<typeof AccountRescuedSchema>;

/** DELETE /api/user.php (designed). */
export const AccountDeletedSchema = z.object({ deleted: z.literal(true) });
/** DELETE /api/user.php?push=1 (designed): push is off for the account. */
export const PushOffSchema = z.object({ push: z.literal("denied") });

const millis = z.number().int();
/** GET /api/user_export.php (designed): everything stored about the member (GDPR access). */
export const DataExportSchema = z.object({
  exported_at: z.string(),
  site: z.string(),
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(["active", "not_confirmed", "deleted"]),
    language: z.string(),
    timezone: z.string().nullable(),
    signup_date: millis,
    activated_at: millis.nullable(),
    paid_user: z.boolean(),
    mailprovider: z.number().int(),
    trafficsource: z.unknown(),
    last_signup_step: z.number().int(),
    push_state: z.string().nullable(),
    /** The kinds of push the member wants (GET /api/push_settings.php); an API without them leaves it out. */
    push_kinds: PushSettingsSchema.optional(),
    last_search: z.unknown(),
  }),
  profile: ProfileSchema.pick({
    name: true,
    gender: true,
    interested_in: true,
    date_of_birth: true,
    country: true,
    countryregion: true,
    city: true,
    personal: true,
    fields: true,
  }),
  photos: z.array(
    z.object({ id: z.number().int(), main: z.boolean(), thumbnail_url: z.string(), large_url: z.string(), uploaded_at: millis }),
  ),
  likes: z.object({
    given: z.array(z.object({ profile_id: z.number().int(), name: z.string(), created_at: millis })),
    received: z.array(z.object({ profile_id: z.number().int(), name: z.string(), created_at: millis })),
  }),
  messages_sent: z.array(z.object({ conversation: z.number().int(), text: z.string(), created_at: millis })),
  credits: z.object({
    balance: z.number().int(),
    ledger: z.array(z.object({ amount: z.number().int(), reason: z.string(), created_at: millis })),
  }),
  notices: z.array(z.object({ kind: z.string(), created_at: millis, read_at: millis.nullable() })),
  push_subscriptions: z.array(z.object({ service: z.string(), created_at: millis })),
  sessions: z.array(z.object({ created_at: millis, expires_at: millis })),
  /** The decisions against the member with their statements (ADR 030); an API without them leaves it out. */
  decisions: z.array(DecisionSchema).optional(),
  /** The member's appeals, with what they wrote (ADR 030). */
  appeals: z
    .array(
      z.object({
        reference: z.string(),
        decision_id: z.number().int(),
        text: z.string(),
        state: z.enum(APPEAL_STATES),
        created_at: millis,
      }),
    )
    .optional(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

// --- Chat (issue 6; docs/product.md §3, §7; designed calls in docs/api.md) -------------------------------

/** The other member of a conversation: a card, or a deleted member (no name, no photo). */
export const ChatProfileSchema = ProfileCardSchema.extend({ deleted: z.boolean() });
export type ChatProfile = z.infer<typeof ChatProfileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  /** Sent by the member asking. */
  mine: z.boolean(),
  /** Plain text; shown as text, never as HTML. */
  text: z.string(),
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** GET /api/chats.php (docs/product.md §3 "Chat list entry", plus the last message). */
export const ChatListEntrySchema = z.object({
  conversation: z.object({ id: z.number().int() }),
  profile: ChatProfileSchema,
  num_unread_messages: z.number().int(),
  last_message: z.object({ text: z.string(), created_at: z.number().int(), mine: z.boolean() }).nullable(),
});
export type ChatListEntry = z.infer<typeof ChatListEntrySchema>;
export const ChatsAnswerSchema = z.object({ chats: z.array(ChatListEntrySchema) });

/** GET /api/chat.php?profile= (docs/product.md §7: the answer's id leads to /chats/:chatId). */
export const ChatStartSchema = z.object({ id: z.number().int() });
/** DELETE /api/chat.php (designed answer). */
export const ChatDeletedSchema = z.object({ deleted: z.literal(true) });

/** GET /api/messages.php?conversation=&before= (designed): a page of messages, oldest first. */
export const MessagesAnswerSchema = z.object({
  conversation: z.object({ id: z.number().int(), profile: ChatProfileSchema }),
  messages: z.array(ChatMessageSchema),
  /** Older messages exist before the first one here. */
  has_more: z.boolean(),
  /** The member's credits, and what one message costs them. */
  balance: z.number().int(),
  cost: z.number().int(),
  /** Designed (trust and safety): one of the two has blocked the other; no message can be sent. */
  blocked: z.boolean().default(false),
});
export type MessagesAnswer = z.infer<typeof MessagesAnswerSchema>;

/** POST /api/messages.php (designed): the message (a new one, or the one this key sent before). */
export const MessageSentSchema = z.object({ message: ChatMessageSchema, balance: z.number().int(), cost: z.number().int() });
/** POST /api/messages.php?read=1 (designed). */
export const MessagesReadSchema = z.object({ unread: z.literal(0) });
/** POST /api/dev/credits.php (designed, developer only): the member's balance is now `credits`. */
export const CreditsSetSchema = z.object({ credits: z.number().int() });
/** GET /api/dev/tools.php (designed, developer only). */
export const DevToolsSchema = z.object({ tools: z.array(z.string()) });

// --- Commerce (issue 12; docs/product.md §10; designed calls in docs/api.md) ---------------------------------

const QuoteSchema = z.object({
  currency: currencyCode,
  list_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  vat_rate: z.number(),
  vat_cents: z.number().int(),
});

export const DISCOUNT_KINDS = ["general", "welcome", "time_bonus", "retention"] as const;

/** The discount that counts for a package (docs/product.md §10.5). */
const AppliedDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int(),
});

/** A discount the member has that does not count for a package, and why (another is better or as good, or it is not for it). */
const PassedOverSchema = AppliedDiscountSchema.extend({
  reason: z.enum(["better_discount", "same_discount", "not_for_package"]),
  min_credits: z.number().int(),
});

/**
 * GET /api/pricing.php?country=&code= (designed): what the site sells, priced for a buyer in
 * `country`. For a member, each package's quote has the best of their discounts taken off (the
 * running time bonus or welcome offer, and the typed `code`), and says which one and why the
 * others do not count; orders.php charges exactly that.
 */
export const PricingAnswerSchema = z.object({
  /** The country the prices are for (the `country` asked, else the member's, else the site's first). */
  country: countryCode,
  currency: currencyCode,
  vat_rate: z.number(),
  /** The countries a buyer may pay from (payment_country): the site's countries. */
  countries: z.array(countryCode),
  packages: z.array(
    z.object({
      id: z.string(),
      credits: z.number().int(),
      highlight: z.boolean(),
      quote: QuoteSchema,
      discount: AppliedDiscountSchema.nullable().default(null),
      passed_over: z.array(PassedOverSchema).default([]),
    }),
  ),
  premium_plans: z.array(
    z.object({ id: z.string(), months: z.number().int(), bonus_credits: z.number().int(), quote: QuoteSchema }),
  ),
  /** The list price may be shown struck through beside a discounted one (held 30 days; docs/product.md §10.5). */
  strike_through: z.boolean(),
  /** The member's codes reserved for their orders that can still be paid (not used yet), with the order. */
  reserved: z.array(z.object({ code: z.string(), kind: z.enum(DISCOUNT_KINDS), order_id: z.string() })).default([]),
  /** What one message costs in `country`, in credits, and about what that is in money (cents). */
  message: z.object({ credits: z.number().int(), approx_cents: z.number().int().nullable() }),
});
export type PricingAnswer = z.infer<typeof PricingAnswerSchema>;

/** GET /api/payment_methods.php?country=&package= (designed): what the provider offers a payer in `country`. */
export const PaymentMethodsAnswerSchema = z.object({
  methods: z.array(z.object({ id: z.string(), description: z.string() })),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsAnswerSchema>["methods"];

/** An order's state as the member sees it (orders.status holds a few more internal ones). */
export const ORDER_STATES = ["pending", "paid", "failed", "canceled", "expired", "refunded", "withdrawn"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The buyer's view of an order: what they bought, for how much, and how far it is. */
export const OwnOrderSchema = z.object({
  id: z.string(),
  mine: z.literal(true),
  status: z.enum(ORDER_STATES),
  product: z.enum(["credits", "premium"]),
  product_id: z.string(),
  credits: z.number().int(),
  months: z.number().int(),
  country: countryCode,
  method: z.string(),
  quote: QuoteSchema,
  /** The discount code the price has off (a typed code, the welcome offer, a time bonus), or null: "Try again" keeps it. */
  discount_code: z.string().nullable().default(null),
  /** The provider's checkout while the order can still be paid there. */
  checkout_url: z.string().nullable(),
  /** Where the member was when they chose to buy (a path on this site), or null. */
  return_to: z.string().nullable(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
  /** The member's credits now. */
  balance: z.number().int(),
});
export type OwnOrder = z.infer<typeof OwnOrderSchema>;

/** Anyone else holding the id (the provider's return address is public) sees only the state. */
export const ForeignOrderSchema = z.object({ id: z.string(), mine: z.literal(false), status: z.enum(ORDER_STATES) });

/** GET /api/orders.php?id= and POST /api/orders.php (designed). */
export const OrderAnswerSchema = z.object({ order: z.discriminatedUnion("mine", [OwnOrderSchema, ForeignOrderSchema]) });
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

/** GET /api/orders.php?latest=credits (designed): the member's last paid order of credits, for "repeat order". */
export const LatestOrderAnswerSchema = z.object({
  order: z.object({ product_id: z.string(), method: z.string(), country: countryCode }).nullable(),
});

/** A discount code the member may use now (docs/product.md §10.5). */
export const DiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().int(),
  /** Unix ms; null: no end. A time bonus shows it (and a countdown with JavaScript). */
  valid_until: z.number().int().nullable(),
  min_credits: z.number().int(),
  package_ids: z.array(z.string()).nullable(),
});
export type Discount = z.infer<typeof DiscountSchema>;

/** GET /api/discountcode.php?code= | ?welcome=true (docs/product.md §7; answer designed). */
export const DiscountAnswerSchema = z.object({ discount: DiscountSchema });

/** A purchase the member may withdraw from, or has (docs/product.md §10.7). */
export const WithdrawalViewSchema = z.object({
  order: z.object({
    id: z.string(),
    product: z.enum(["credits", "premium"]),
    /** Credits: the package's; premium: the period's bonus credits. */
    credits: z.number().int(),
    months: z.number().int(),
    amount_cents: z.number().int(),
    currency: currencyCode,
    paid_at: z.number().int(),
  }),
  /** Unix ms: the end of the 14 days. */
  until: z.number().int(),
  /** The purchase's credits that go back, and the refund they mean (now, or when withdrawn). */
  unused_credits: z.number().int(),
  refund_cents: z.number().int(),
  /** Null until withdrawn; then when, and how far the refund is. */
  withdrawn: z
    .object({ requested_at: z.number().int(), refund_status: z.enum(["pending", "refunded", "none", "failed"]) })
    .nullable(),
});
export type WithdrawalView = z.infer<typeof WithdrawalViewSchema>;

/** GET /api/withdrawals.php (designed): the member's purchases of the last 14 days and their withdrawals. */
export const WithdrawalsAnswerSchema = z.object({ purchases: z.array(WithdrawalViewSchema) });
/** GET /api/withdrawals.php?order= and POST /api/withdrawals.php (designed). */
export const WithdrawalAnswerSchema = z.object({ purchase: WithdrawalViewSchema });

/** GET /api/premium.php and POST /api/premium.php (designed): the member's premium membership, or null. */
export const PremiumAnswerSchema = z.object({
  premium: UserSchema.shape.premium,
  /** The last renewal could not be charged (Unix ms), so the membership ended or ends. */
  renewal_failed_at: z.number().int().nullable(),
});
export type PremiumAnswer = z.infer<typeof PremiumAnswerSchema>;

/** POST and DELETE /api/blocks.php (designed): the block as it now stands. */
export const BlockRecordSchema = z.object({ id: z.number().int(), blocked: z.boolean() });
export type BlockRecord = z.infer<typeof BlockRecordSchema>;

/** GET /api/blocks.php (designed): the members the member has blocked, newest first. */
export const BlocksAnswerSchema = z.object({
  blocked: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      main_image: z.object({ thumb_filename: z.string() }).nullable(),
      blocked_at: z.number().int(),
    }),
  ),
});
export type BlocksAnswer = z.infer<typeof BlocksAnswerSchema>;

/** POST /api/reports.php and POST /api/complaints.php (designed): the case's reference. */
export const CaseFiledSchema = z.object({
  reference: z.string(),
  state: z.literal("open"),
  created_at: z.number().int(),
});
export type CaseFiled = z.infer<typeof CaseFiledSchema>;
