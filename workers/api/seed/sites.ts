/**
 * The demo sites. They differ in name, niche, countries, default language and sign-up
 * rule, so the white-label behaviour is visible locally: open http://localhost:8787,
 * http://127.0.0.1:8787 and (behind the site-entry warning) http://velvet.localhost:8787.
 */
import type { StoredSettings } from "../../../contract/schemas";
import { DEFAULT_HANDLE_WORDS } from "../../../contract/rules/contact-details";
import { NEW_CONVERSATIONS_DEFAULT, NEW_CONVERSATIONS_VERIFIED_DEFAULT } from "../../../contract/rules/trust-limits";
import { DEFAULT_OFFENSIVE_WORDS } from "../../../contract/rules/offensive-word-lists";
import { DEMO_VAPID_PRIVATE_KEY, DEMO_VAPID_PUBLIC_KEY } from "../lib/demo-vapid";

// Amora's demo VAPID key pair is production code's to know (lib/demo-vapid.ts: the API refuses
// it on public hosts); the seed and the tests read it from here as before.
export { DEMO_VAPID_PRIVATE_KEY, DEMO_VAPID_PUBLIC_KEY };

const company = {
  company_name: "Demo Dating B.V.",
  company_address: "Keizersgracht 1",
  company_kvk: "12345678",
  company_city: "Amsterdam",
  company_country: "Netherlands",
  company_tradenames: [{ id: 1, name: "Demo Dating" }],
  company_vat_numbers: ["NL000099998B57"],
  support_phone: "+31 20 000 0000",
};

/** EU VAT on electronic services is charged at the buyer's country's rate (2026 standard rates). */
const EU_VAT_RATES = { NL: 21, BE: 21, DE: 19, AT: 20, FR: 20, IT: 22, ES: 21, PL: 23, IE: 23 };

export const DEMO_SITES: { host: string; isDefault: boolean; settings: StoredSettings }[] = [
  {
    host: "localhost",
    isDefault: true,
    settings: {
      ...company,
      name: "Amora",
      // Tradename 2 is the US operating company: the terms page adds DMCA and 2257 sections.
      company_tradenames: [...company.company_tradenames, { id: 2, name: "Demo Dating US LLC" }],
      domain: "localhost",
      domain_language: "en",
      niche: 1,
      signups: "all",
      logged_out_search: true,
      logged_out_search_trafficsource: true,
      // Demo VAPID key pair (local use only; lib/demo-vapid.ts).
      push_pub: DEMO_VAPID_PUBLIC_KEY,
      fictional_icon: "✦",
      fictional_plural: "entertainment profiles",
      countries: ["NL", "BE", "DE", "AT", "US", "CA", "GB", "IE", "AU", "NZ", "FR", "IT", "ES", "PL"],
      visible_profile_fields: ["city", "gender", "age"],
      visible_profile_notes: ["about_me", "looking_for"],
      search_fields: ["gender", "age", "country", "countryregion"],
      minimum_message_costs: {
        NL: { costs: 10, currency: "EUR" },
        BE: { costs: 10, currency: "EUR" },
        DE: { costs: 10, currency: "EUR" },
        US: { costs: 12, currency: "USD" },
        GB: { costs: 12, currency: "GBP" },
        PL: { costs: 10, currency: "PLN" },
      },
      message_credits: 10,
      starting_credits: 50,
      support_email: "support@amora.example",
      email: "hello@amora.example",
      delete_discount: 30,
      cdn_prefix: "/api/images/",
      member_resell: ["cams", "camads"],
      signup: { showDots: true, skipDoubleOptIn: true },
      template: "classic",
      // Each demo site's own words on the welcome page, in its languages (ADR 061).
      welcome: {
        en: {
          headline: "Meet someone who makes you smile",
          text: "Amora brings together singles from all over Europe and beyond. Look around, like and start a conversation tonight.",
        },
        de: {
          headline: "Lerne jemanden kennen, der dich zum Lächeln bringt",
          text: "Amora bringt Singles aus ganz Europa und darüber hinaus zusammen. Schau dich um, like und schreib noch heute Abend.",
        },
      },
      entry_warning: false,
      // Writing waits for a confirmed address (docs/decisions/040).
      unconfirmed_may_message: false,
      host_max_held: 3,
      host_reply_target_minutes: 5,
      first_message_handles: DEFAULT_HANDLE_WORDS,
      offensive_words: DEFAULT_OFFENSIVE_WORDS,
      screening_notice: false,
      new_conversations_per_day: NEW_CONVERSATIONS_DEFAULT,
      new_conversations_per_day_verified: NEW_CONVERSATIONS_VERIFIED_DEFAULT,
      theme: {
        brand: "#b0124f",
        accent: "#e0245e",
        surface: "#fbf6f8",
        radius: 18,
        heading_font: "rounded",
        body_font: "system",
      },
      partner_urls: {
        cams: "https://cams.partner.example/live/{account}?ref=amora",
        resell: "https://dating.partner.example/join?ref=amora",
      },
      redirect_hosts: ["cams.partner.example", "dating.partner.example"],
      // Conversion postbacks (docs/decisions/025) for visitors who land with ?network=demo-network.
      // The receiver is a local one, so the worker refuses to call it (the log says "refused")
      // unless it runs with POSTBACK_ALLOW_PRIVATE=1 and something listens on port 8879.
      postbacks: {
        allow_private_hosts: true,
        networks: {
          "demo-network": {
            soi: "http://127.0.0.1:8879/postback?clickid={clickid}&event={event}&sub1={sub1}",
            doi: "http://127.0.0.1:8879/postback?clickid={clickid}&event={event}",
            sale: "http://127.0.0.1:8879/postback?clickid={clickid}&event={event}&amount={amount}&currency={currency}",
          },
        },
      },
      commerce: {
        currency: "EUR",
        vat_rates: { ...EU_VAT_RATES, GB: 20 },
        prices_since: "2026-01-01",
        welcome_discount: { percent: 20, hours: 48 },
        credit_packages: [
          { id: "100", credits: 100, prices: { EUR: 999, USD: 1099, GBP: 899, PLN: 4299 }, highlight: false },
          { id: "250", credits: 250, prices: { EUR: 1999, USD: 2199, GBP: 1799, PLN: 8599 }, highlight: true },
          { id: "600", credits: 600, prices: { EUR: 3999, USD: 4399, GBP: 3599, PLN: 16999 }, highlight: false },
        ],
        premium_plans: [
          { id: "1m", months: 1, prices: { EUR: 1499, USD: 1699, GBP: 1299, PLN: 6499 }, bonus_credits: 100 },
          { id: "3m", months: 3, prices: { EUR: 3499, USD: 3899, GBP: 2999, PLN: 14999 }, bonus_credits: 300 },
        ],
      },
    },
  },
  {
    host: "127.0.0.1",
    isDefault: false,
    settings: {
      ...company,
      name: "Zilverhart",
      domain: "127.0.0.1",
      domain_language: "nl",
      niche: 5,
      signups: "with_trafficsource",
      logged_out_search: false,
      logged_out_search_trafficsource: true,
      push_pub: "",
      fictional_icon: "★",
      fictional_plural: "chat hosts",
      countries: ["NL", "BE", "DE", "AT"],
      visible_profile_fields: ["city", "age"],
      visible_profile_notes: ["about_me"],
      search_fields: ["gender", "age", "country", "countryregion"],
      minimum_message_costs: {
        NL: { costs: 8, currency: "EUR" },
        BE: { costs: 8, currency: "EUR" },
      },
      message_credits: 8,
      starting_credits: 30,
      support_email: "support@zilverhart.example",
      email: "hallo@zilverhart.example",
      delete_discount: 0,
      cdn_prefix: "/api/images/",
      member_resell: [],
      signup: { showDots: false, skipDoubleOptIn: false },
      // The other template and palette, so white-labelling is visible side by side.
      template: "social",
      welcome: {
        nl: {
          headline: "Samen verder, met een zilveren hart",
          text: "Zilverhart is de plek voor wie de tweede helft van het leven niet alleen wil doorbrengen. Rustig kennismaken, in je eigen tempo.",
        },
        de: {
          headline: "Gemeinsam weiter, mit einem silbernen Herzen",
          text: "Zilverhart ist der Ort für alle, die die zweite Lebenshälfte nicht allein verbringen möchten. In Ruhe kennenlernen, im eigenen Tempo.",
        },
      },
      entry_warning: false,
      // Writing waits for a confirmed address (docs/decisions/040).
      unconfirmed_may_message: false,
      host_max_held: 3,
      host_reply_target_minutes: 10,
      first_message_handles: DEFAULT_HANDLE_WORDS,
      offensive_words: DEFAULT_OFFENSIVE_WORDS,
      screening_notice: false,
      new_conversations_per_day: NEW_CONVERSATIONS_DEFAULT,
      new_conversations_per_day_verified: NEW_CONVERSATIONS_VERIFIED_DEFAULT,
      theme: {
        brand: "#0f766e",
        accent: "#1f5f8b",
        surface: "#f3f6f6",
        radius: 10,
        heading_font: "serif",
        body_font: "humanist",
      },
      redirect_hosts: [],
      commerce: {
        currency: "EUR",
        vat_rates: EU_VAT_RATES,
        credit_packages: [
          { id: "80", credits: 80, prices: { EUR: 795 }, highlight: false },
          { id: "200", credits: 200, prices: { EUR: 1695 }, highlight: true },
        ],
        premium_plans: [{ id: "1m", months: 1, prices: { EUR: 1295 }, bonus_credits: 80 }],
      },
    },
  },
  {
    // A niche site behind the site-entry warning (docs/product.md §2.5). Its host is a
    // subdomain of localhost (browsers resolve *.localhost to this machine), so its warning
    // never stands in front of the two sites the rest of the e2e suite and the budgets use.
    host: "velvet.localhost",
    isDefault: false,
    settings: {
      ...company,
      name: "Velvet Room",
      domain: "velvet.localhost",
      domain_language: "en",
      niche: 3,
      signups: "all",
      logged_out_search: true,
      logged_out_search_trafficsource: true,
      push_pub: "",
      fictional_icon: "✦",
      fictional_plural: "entertainment profiles",
      countries: ["GB", "IE", "US", "CA", "NL", "BE", "DE"],
      visible_profile_fields: ["city", "gender", "age"],
      visible_profile_notes: ["about_me", "looking_for"],
      search_fields: ["gender", "age", "country", "countryregion"],
      minimum_message_costs: {
        GB: { costs: 12, currency: "GBP" },
        US: { costs: 12, currency: "USD" },
        NL: { costs: 10, currency: "EUR" },
      },
      message_credits: 12,
      starting_credits: 40,
      support_email: "support@velvet.example",
      email: "hello@velvet.example",
      delete_discount: 0,
      cdn_prefix: "/api/images/",
      member_resell: [],
      signup: { showDots: true, skipDoubleOptIn: true },
      template: "classic",
      welcome: {
        en: {
          headline: "After dark, among adults",
          text: "Velvet Room is a discreet place for grown-ups who know what they want. Curious? Step inside and see who is waiting.",
        },
      },
      theme: {
        brand: "#5b2a86",
        accent: "#9d1f5c",
        surface: "#f7f4fa",
        radius: 14,
        heading_font: "serif",
        body_font: "system",
      },
      redirect_hosts: [],
      entry_warning: true,
      // Writing waits for a confirmed address (docs/decisions/040).
      unconfirmed_may_message: false,
      host_max_held: 3,
      host_reply_target_minutes: 5,
      first_message_handles: DEFAULT_HANDLE_WORDS,
      offensive_words: DEFAULT_OFFENSIVE_WORDS,
      // The niche demo site plays a site in a jurisdiction that asks for the screening notice (ADR 053).
      screening_notice: true,
      new_conversations_per_day: NEW_CONVERSATIONS_DEFAULT,
      new_conversations_per_day_verified: NEW_CONVERSATIONS_VERIFIED_DEFAULT,
      commerce: {
        currency: "EUR",
        vat_rates: { ...EU_VAT_RATES, GB: 20 },
        credit_packages: [
          { id: "100", credits: 100, prices: { EUR: 1099, USD: 1199, GBP: 949 }, highlight: false },
          { id: "300", credits: 300, prices: { EUR: 2699, USD: 2899, GBP: 2299 }, highlight: true },
        ],
        premium_plans: [],
      },
    },
  },
];

/** Real accounts with known passwords (listed in README.md). */
export const DEMO_ACCOUNTS = [
  {
    host: "localhost",
    email: "anna@example.com",
    name: "Anna",
    gender: "female",
    interestedIn: "male",
    dob: "1997-03-14",
    country: "NL",
    city: "Amsterdam",
    language: "en",
    paid: false,
    fields: { relationship_status: "single", smoking: "no", interests: "travel,music,nature" },
  },
  {
    host: "localhost",
    email: "ben@example.com",
    name: "Ben",
    gender: "male",
    interestedIn: "female",
    dob: "1990-07-02",
    country: "GB",
    city: "London",
    language: "en",
    paid: false,
    fields: { relationship_status: "single", children: "want", interests: "music,cooking,sports" },
  },
  {
    host: "localhost",
    email: "clara@example.com",
    name: "Clara",
    gender: "female",
    interestedIn: "everyone",
    dob: "1984-11-23",
    country: "DE",
    city: "Berlin",
    language: "de",
    paid: true,
    fields: { relationship_status: "divorced", children: "have", interests: "art,reading,wine" },
  },
  {
    host: "127.0.0.1",
    email: "dirk@example.com",
    name: "Dirk",
    gender: "male",
    interestedIn: "female",
    dob: "1958-05-30",
    country: "NL",
    city: "Utrecht",
    language: "nl",
    paid: false,
    fields: { smoking: "sometimes", interests: "nature,pets" },
  },
] as const;

export const DEMO_PASSWORD = "demo-password";

/** General discount codes anyone on the site may type once (listed in README.md). */
export const DEMO_DISCOUNT_CODES = [
  { host: "localhost", code: "HELLO10", percent: 10, minCredits: 0, validUntil: Date.UTC(2030, 0, 1) },
  { host: "localhost", code: "BIG25", percent: 25, minCredits: 600, validUntil: Date.UTC(2030, 0, 1) },
] as const;
