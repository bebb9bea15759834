/**
 * The site settings as the console's forms show them (issue 28 point 1; docs/product.md §16.2,
 * ADR 047): every setting of StoredSettingsSchema in a group with its own form, each field
 * named by its settings path ("theme.brand"), with how it is typed. lib/site-settings/codec.ts
 * turns settings into the forms' text and back; the API checks the result with the schema.
 */
import { LOCALES } from "../../../contract/locales";
import { POSTBACK_MACROS } from "../../../contract/rules/postback-macros";
import { TEMPLATES } from "../../../contract/rules/templates";
import { FONT_STACKS } from "../../../contract/rules/theme-look";

export type FieldKind =
  | { kind: "text"; long?: boolean }
  | { kind: "email" }
  | { kind: "int" }
  | { kind: "bool" }
  | { kind: "select"; options: readonly string[]; labelled?: boolean }
  | { kind: "colour" }
  /** Comma-separated words: `upper` for country codes. */
  | { kind: "list"; upper?: boolean }
  /** One entry a line, read and written by a codec of lib/site-settings/codec.ts. */
  | { kind: "lines"; codec: LinesCodec }
  /** Prices per currency on one line: "EUR 9.95, GBP 8.95" (minor units stored). */
  | { kind: "prices" };

export type LinesCodec = "vat_rates" | "message_costs" | "tradenames";

export type FieldSpec = FieldKind & {
  /** The settings path (rows: the path inside one row). "host" is the site's host, not a setting. */
  name: string;
  /** Empty means "not set": the setting is left out (the schema's default applies). */
  optional?: boolean;
};

/** A table of rows (packages, plans, networks): each row one object, or one entry of a record keyed by `key`. */
export interface RowsSpec {
  name: string;
  columns: FieldSpec[];
  key?: string;
  /** The `{macro}` names its text fields may use, listed under the table (postback templates). */
  macros?: readonly string[];
}

export interface GroupSpec {
  id: string;
  fields: FieldSpec[];
  rows?: RowsSpec[];
  /** An object left out as a whole when this field of it is empty (an optional part of the settings: no rows, no text). */
  dropWhenEmpty?: { object: string; field: string }[];
}

/**
 * Settings whose labels and help live under their feature's own translations rather than
 * `staffSites` (the first part of the settings path → the key they sit under).
 */
export const WORDS_ELSEWHERE: Record<string, string> = { offensive_words: "nudges.console", welcome: "staffBrand.console" };

/** Empty rows offered below a table's rows, to add one without JavaScript. */
export const BLANK_ROWS = 2;

export const SITE_GROUPS: GroupSpec[] = [
  {
    id: "identity",
    fields: [
      { name: "name", kind: "text" },
      { name: "host", kind: "text" },
      { name: "domain", kind: "text" },
      { name: "domain_language", kind: "select", options: LOCALES },
      { name: "niche", kind: "select", options: ["1", "2", "3", "4", "5", "6", "7"] },
      { name: "countries", kind: "list", upper: true },
      { name: "support_email", kind: "email" },
      { name: "email", kind: "email" },
      { name: "cdn_prefix", kind: "text" },
    ],
  },
  {
    id: "signups",
    fields: [
      { name: "signups", kind: "select", options: ["all", "with_trafficsource", "other"], labelled: true },
      { name: "logged_out_search", kind: "bool" },
      { name: "logged_out_search_trafficsource", kind: "bool" },
      { name: "signup.showDots", kind: "bool" },
      { name: "signup.skipDoubleOptIn", kind: "bool" },
      { name: "unconfirmed_may_message", kind: "bool" },
      { name: "entry_warning", kind: "bool" },
      { name: "starting_credits", kind: "int" },
    ],
  },
  {
    id: "look",
    fields: [
      { name: "template", kind: "select", options: TEMPLATES, labelled: true },
      { name: "theme.brand", kind: "colour" },
      { name: "theme.accent", kind: "colour" },
      { name: "theme.surface", kind: "colour" },
      { name: "theme.radius", kind: "int" },
      { name: "theme.heading_font", kind: "select", options: Object.keys(FONT_STACKS), labelled: true },
      { name: "theme.body_font", kind: "select", options: Object.keys(FONT_STACKS), labelled: true },
      { name: "theme.logo", kind: "text", optional: true },
      { name: "theme.hero", kind: "text", optional: true },
    ],
  },
  {
    // Issue 29 point 23 (ADR 061): the welcome page's own words per language; empty: the default words.
    id: "welcome",
    fields: LOCALES.flatMap((locale) => [
      { name: `welcome.${locale}.headline`, kind: "text" as const, optional: true },
      { name: `welcome.${locale}.text`, kind: "text" as const, long: true, optional: true },
    ]),
  },
  {
    id: "commerce",
    fields: [
      { name: "commerce.currency", kind: "text" },
      { name: "message_credits", kind: "int" },
      { name: "minimum_message_costs", kind: "lines", codec: "message_costs" },
      { name: "commerce.vat_rates", kind: "lines", codec: "vat_rates" },
      { name: "commerce.prices_since", kind: "text", optional: true },
      { name: "commerce.welcome_discount.percent", kind: "int", optional: true },
      { name: "commerce.welcome_discount.hours", kind: "int", optional: true },
    ],
    rows: [
      {
        name: "commerce.credit_packages",
        columns: [
          { name: "id", kind: "text" },
          { name: "credits", kind: "int" },
          { name: "prices", kind: "prices" },
          { name: "highlight", kind: "bool" },
        ],
      },
      {
        name: "commerce.premium_plans",
        columns: [
          { name: "id", kind: "text" },
          { name: "months", kind: "int" },
          { name: "prices", kind: "prices" },
          { name: "bonus_credits", kind: "int" },
        ],
      },
    ],
    dropWhenEmpty: [{ object: "commerce.welcome_discount", field: "commerce.welcome_discount.percent" }],
  },
  {
    id: "postbacks",
    fields: [{ name: "postbacks.allow_private_hosts", kind: "bool" }],
    rows: [
      {
        name: "postbacks.networks",
        key: "network",
        macros: POSTBACK_MACROS,
        columns: [
          { name: "network", kind: "text" },
          { name: "soi", kind: "text", optional: true },
          { name: "doi", kind: "text", optional: true },
          { name: "sale", kind: "text", optional: true },
        ],
      },
    ],
    dropWhenEmpty: [{ object: "postbacks", field: "postbacks.networks" }],
  },
  {
    id: "partners",
    fields: [
      { name: "member_resell", kind: "list" },
      { name: "partner_urls.cams", kind: "text", optional: true },
      { name: "partner_urls.resell", kind: "text", optional: true },
      { name: "redirect_hosts", kind: "list" },
      { name: "partner_feed.url", kind: "text", optional: true },
      { name: "partner_feed.items", kind: "text", optional: true },
      { name: "partner_feed.fields.account", kind: "text", optional: true },
      { name: "partner_feed.fields.name", kind: "text", optional: true },
      { name: "partner_feed.fields.age", kind: "text", optional: true },
      { name: "partner_feed.fields.snapshot", kind: "text", optional: true },
      { name: "partner_feed.fields.live", kind: "text", optional: true },
      { name: "partner_feed.hosts", kind: "list" },
      { name: "partner_feed.timeout_ms", kind: "int", optional: true },
      { name: "partner_feed.allow_private_hosts", kind: "bool" },
    ],
    dropWhenEmpty: [
      { object: "partner_urls", field: "partner_urls.cams" },
      { object: "partner_feed", field: "partner_feed.url" },
    ],
  },
  {
    id: "company",
    fields: [
      { name: "company_name", kind: "text" },
      { name: "company_address", kind: "text" },
      { name: "company_kvk", kind: "text" },
      { name: "company_city", kind: "text" },
      { name: "company_country", kind: "text" },
      { name: "support_phone", kind: "text" },
      { name: "company_vat_numbers", kind: "list" },
      { name: "company_tradenames", kind: "lines", codec: "tradenames" },
      { name: "delete_discount", kind: "int" },
    ],
  },
  {
    id: "profiles",
    fields: [
      { name: "fictional_icon", kind: "text" },
      { name: "fictional_plural", kind: "text" },
      { name: "visible_profile_fields", kind: "list" },
      { name: "visible_profile_notes", kind: "list" },
      { name: "search_fields", kind: "list" },
      { name: "host_max_held", kind: "int" },
      { name: "host_reply_target_minutes", kind: "int" },
    ],
  },
  {
    // Issue 30 (ADR 053): the screening notice, and the words refused in first messages per language;
    // (ADR 056) the new conversations a member may start a day, unverified and verified.
    id: "safety",
    fields: [
      { name: "screening_notice", kind: "bool" },
      { name: "new_conversations_per_day", kind: "int" },
      { name: "new_conversations_per_day_verified", kind: "int" },
      ...LOCALES.map((locale) => ({ name: `first_message_handles.${locale}`, kind: "list" as const })),
      ...LOCALES.map((locale) => ({ name: `offensive_words.${locale}`, kind: "list" as const })),
    ],
  },
  {
    id: "push",
    fields: [{ name: "push_pub", kind: "text" }],
  },
];

export type SiteGroupId = (typeof SITE_GROUPS)[number]["id"];

export function groupById(id: unknown): GroupSpec | undefined {
  return SITE_GROUPS.find((group) => group.id === id);
}
