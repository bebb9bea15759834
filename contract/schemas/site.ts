/** The site: error answers, regions, the company, and the settings a site stores (commerce, postbacks, the partner feed) and the settings answer. */
import { z } from "zod";
import { HOST_MAX_HELD } from "../rules/hosts";
import { type ErrorCode, isErrorCode } from "../errors";
import { LOCALES } from "../locales";
import { TEMPLATES } from "../rules/templates";
import { templateProblem } from "../rules/outbound-urls";
import { POSTBACK_EVENTS, POSTBACK_MACROS } from "../rules/postback-macros";
import { DEFAULT_THEME, ThemeSchema } from "../rules/theme";
import { WelcomeCopySchema } from "../rules/welcome-copy";
import {
  HOST_REPLY_TARGET_DEFAULT_MINUTES,
  HOST_REPLY_TARGET_MAX_MINUTES,
  HOST_REPLY_TARGET_MIN_MINUTES,
} from "../rules/host-figures";
import { DEFAULT_HANDLE_WORDS, HANDLE_WORD } from "../rules/contact-details";
import { NEW_CONVERSATIONS_DEFAULT, NEW_CONVERSATIONS_MAX, NEW_CONVERSATIONS_VERIFIED_DEFAULT } from "../rules/trust-limits";
import { DEFAULT_OFFENSIVE_WORDS } from "../rules/offensive-word-lists";
import { OFFENSIVE_WORD } from "../rules/offensive-words";

export const countryCode = z.string().regex(/^[A-Z]{2}$/);

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
  /** claimed_by_other (the hosts' workplace, ADR 045): the name of the host who has the conversation open. */
  holder: z.string().optional(),
  /** too_many_held: how many conversations a host may hold at once. */
  max_held: z.number().int().optional(),
  /** new_conversations_limit: how many new conversations the member may start a day now (ADR 056). */
  limit: z.number().int().optional(),
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

export const currencyCode = z.string().regex(/^[A-Z]{3}$/);
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

// The conversion events and the template macros live in a zod-free file the console's pages read too.
export { POSTBACK_EVENTS, POSTBACK_MACROS, type PostbackEvent } from "../rules/postback-macros";

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
  /** The welcome page's own headline and text per language (ADR 061); absent: the default words. */
  welcome: WelcomeCopySchema.optional(),
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
  /**
   * How many conversations one chat host of this site may hold open at once (designed; ADR 045).
   * Hosts of every site hold at most the default.
   */
  host_max_held: z.number().int().min(1).max(20).default(HOST_MAX_HELD),
  /**
   * The hosts' reply target in minutes (issue 27; docs/product.md §15.6): the admin's figures count
   * the members who waited longer for a host's answer. Not in the settings answer.
   */
  host_reply_target_minutes: z
    .number()
    .int()
    .min(HOST_REPLY_TARGET_MIN_MINUTES)
    .max(HOST_REPLY_TARGET_MAX_MINUTES)
    .default(HOST_REPLY_TARGET_DEFAULT_MINUTES),
  /**
   * Payment and messenger words refused in first messages, per language (issue 30; docs/product.md
   * "First messages: what is refused", ADR 053). A language left out has the default list; an
   * empty list refuses no word in that language. Not in the settings answer.
   */
  first_message_handles: z
    .partialRecord(z.enum(LOCALES), z.array(z.string().trim().regex(HANDLE_WORD)).max(100))
    .default(DEFAULT_HANDLE_WORDS),
  /**
   * Offensive words and phrases, per language (issue 30 point 4; docs/product.md "Nudges", ADR
   * 057): a message with one asks its sender "Are you sure?" first. A language left out has the
   * default list; an empty list nudges for no word in that language. Not in the settings answer
   * (the chat's messages answer gives the sender the words that apply).
   */
  offensive_words: z
    .partialRecord(z.enum(LOCALES), z.array(z.string().trim().regex(OFFENSIVE_WORD)).max(200))
    .default(DEFAULT_OFFENSIVE_WORDS),
  /**
   * The notice some jurisdictions require of a dating site that does not screen its members (New
   * Jersey's "does not conduct criminal background screenings"): shown at sign-up, on the safety
   * page and under every mail the site sends (ADR 053). Off by default.
   */
  screening_notice: z.boolean().default(false),
  /**
   * How many new conversations (a first message where nothing was written yet) a member may start
   * a day, and a verified member (issue 30 point 3; docs/product.md "Limits that scale with trust",
   * ADR 056). Halved for each upheld report against the member. Not in the settings answer.
   */
  new_conversations_per_day: z.number().int().min(1).max(NEW_CONVERSATIONS_MAX).default(NEW_CONVERSATIONS_DEFAULT),
  new_conversations_per_day_verified: z
    .number()
    .int()
    .min(1)
    .max(NEW_CONVERSATIONS_MAX)
    .default(NEW_CONVERSATIONS_VERIFIED_DEFAULT),
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export const SettingsSchema = StoredSettingsSchema.omit({
  postbacks: true,
  partner_feed: true,
  host_reply_target_minutes: true,
  first_message_handles: true,
  new_conversations_per_day: true,
  new_conversations_per_day_verified: true,
  offensive_words: true,
}).extend({
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
