import { describe, expect, it } from "vitest";
import { StoredSettingsSchema } from "../../../contract/schemas";
import { applyGroup, cellName, fieldOfPath, type FormValues, groupValues, readField } from "./codec";
import { groupById, SITE_GROUPS } from "./groups";

function formOf(values: FormValues): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== "") form.set(name, value);
  return form;
}

/** Settings with every part the forms edit: packages, plans, networks, a partner feed, a welcome offer. */
const FULL = StoredSettingsSchema.parse({
  name: "Amora",
  domain: "amora.example",
  domain_language: "en",
  niche: 1,
  signups: "all",
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  push_pub: "BPublicKey",
  fictional_icon: "✦",
  fictional_plural: "entertainment profiles",
  countries: ["NL", "BE"],
  visible_profile_fields: ["city", "gender", "age"],
  visible_profile_notes: ["about_me"],
  search_fields: ["gender", "age"],
  minimum_message_costs: { NL: { costs: 10, currency: "EUR" }, GB: { costs: 12, currency: "GBP" } },
  message_credits: 10,
  starting_credits: 50,
  support_email: "support@amora.example",
  email: "hello@amora.example",
  company_name: "Demo Dating B.V.",
  company_address: "Street 1",
  company_kvk: "12345678",
  company_city: "Utrecht",
  company_country: "NL",
  company_tradenames: [
    { id: 1, name: "Amora" },
    { id: 2, name: "Demo Dating US LLC" },
  ],
  company_vat_numbers: ["NL000099998B57"],
  support_phone: "+31 20 000 0000",
  delete_discount: 30,
  cdn_prefix: "/api/images/",
  member_resell: ["cams", "camads"],
  signup: { showDots: true, skipDoubleOptIn: true },
  partner_urls: { cams: "https://cams.example/{account}", resell: "https://resell.example/" },
  redirect_hosts: ["cams.example"],
  postbacks: { networks: { acme: { soi: "https://acme.example/pb?c={clickid}", sale: "https://acme.example/s?a={amount}" } } },
  partner_feed: {
    url: "https://feed.example/cams?g={gender}",
    fields: { account: "id", name: "n", age: "a", snapshot: "img" },
    hosts: ["img.example"],
  },
  commerce: {
    currency: "EUR",
    vat_rates: { NL: 21, BE: 21.5 },
    prices_since: "2026-01-01",
    welcome_discount: { percent: 20, hours: 48 },
    credit_packages: [
      { id: "starter", credits: 100, prices: { EUR: 995, GBP: 895 } },
      { id: "popular", credits: 250, prices: { EUR: 1995 }, highlight: true },
    ],
    premium_plans: [{ id: "month", months: 1, prices: { EUR: 2995 }, bonus_credits: 50 }],
  },
  theme: {
    brand: "#b0124f",
    accent: "#c2185b",
    surface: "#faf7f8",
    radius: 18,
    heading_font: "rounded",
    body_font: "system",
    logo: "logo.svg",
  },
  template: "social",
});
/** The same without any optional part. */
const BARE = StoredSettingsSchema.parse({
  ...FULL,
  postbacks: undefined,
  partner_feed: undefined,
  partner_urls: undefined,
  theme: { brand: "#b0124f", accent: "#c2185b" },
  commerce: { currency: "EUR", vat_rates: {} },
});
const sites = [
  { host: "amora.example", settings: FULL },
  { host: "bare.example", settings: BARE },
];

describe("the console's site settings forms", () => {
  it("every group's form, sent back unchanged, gives the same settings (with and without every optional part)", () => {
    for (const site of sites) {
      for (const group of SITE_GROUPS) {
        const applied = applyGroup(group, site, formOf(groupValues(group, site)));
        expect(applied.errors, `${site.host} ${group.id}`).toEqual({});
        expect(applied.host).toBe(site.host);
        expect(StoredSettingsSchema.parse(applied.settings), `${site.host} ${group.id}`).toEqual(site.settings);
      }
    }
  });

  it("every setting of the schema is in one group", () => {
    const named = SITE_GROUPS.flatMap((g) => [...g.fields.map((f) => f.name), ...(g.rows ?? []).map((r) => r.name)]);
    const tops = new Set(named.map((name) => name.split(".")[0]));
    for (const key of Object.keys(StoredSettingsSchema.shape)) expect(tops, key).toContain(key);
  });

  it("changes only the posted group's settings", () => {
    const site = sites[0]!;
    const look = groupById("look")!;
    const values = { ...groupValues(look, site), "theme.brand": "#0F5132", "theme.radius": "8" };
    const applied = applyGroup(look, site, formOf(values));
    expect(applied.settings).toEqual({ ...site.settings, theme: { ...site.settings.theme, brand: "#0f5132", radius: 8 } });
  });

  it("adds a package from an empty row, removes one emptied, and reads prices in minor units", () => {
    const site = sites[0]!;
    const commerce = groupById("commerce")!;
    const spec = commerce.rows![0]!;
    const values = groupValues(commerce, site);
    const count = Number(values[`${spec.name}.rows`]);
    const last = count - 1;
    for (const column of spec.columns) values[cellName(spec, 0, column)] = "";
    values[cellName(spec, last, spec.columns[0]!)] = "mega";
    values[cellName(spec, last, spec.columns[1]!)] = "5000";
    values[cellName(spec, last, spec.columns[2]!)] = "EUR 149,95, gbp 129";
    const applied = applyGroup(commerce, site, formOf(values));
    const packages = (applied.settings.commerce as { credit_packages: { id: string }[] }).credit_packages;
    expect(packages.map((p) => p.id)).toEqual([...site.settings.commerce.credit_packages.slice(1).map((p) => p.id), "mega"]);
    expect(packages.at(-1)).toEqual({ id: "mega", credits: 5000, prices: { EUR: 14995, GBP: 12900 }, highlight: false });
  });

  it("says which fields it could not read, and keeps what was typed", () => {
    const site = sites[0]!;
    const commerce = groupById("commerce")!;
    const values = {
      ...groupValues(commerce, site),
      message_credits: "ten",
      "commerce.vat_rates": "NL 21\nBelgium twenty",
      "commerce.credit_packages.0.prices": "9.95 euro",
    };
    const applied = applyGroup(commerce, site, formOf(values));
    expect(applied.errors).toEqual({
      message_credits: "whole_number",
      "commerce.vat_rates": "line_format_vat_rates",
      "commerce.credit_packages.0.prices": "price_format",
    });
    expect(applied.values.message_credits).toBe("ten");
  });

  it("leaves an optional part out when its main field is empty (no welcome offer, no partner feed)", () => {
    const site = {
      ...sites[0]!,
      settings: {
        ...sites[0]!.settings,
        commerce: { ...sites[0]!.settings.commerce, welcome_discount: { percent: 20, hours: 48 } },
      },
    };
    const commerce = groupById("commerce")!;
    const values = {
      ...groupValues(commerce, site),
      "commerce.welcome_discount.percent": "",
      "commerce.welcome_discount.hours": "",
    };
    const applied = applyGroup(commerce, site, formOf(values));
    expect((applied.settings.commerce as Record<string, unknown>).welcome_discount).toBeUndefined();
  });

  it("finds the field of an API error's path, rows and keyed rows too", () => {
    const site = sites[0]!;
    const commerce = groupById("commerce")!;
    const values = groupValues(commerce, site);
    expect(fieldOfPath(commerce, "settings.commerce.credit_packages.1.prices.EUR", values)).toBe(
      "commerce.credit_packages.1.prices",
    );
    expect(fieldOfPath(commerce, "settings.commerce.currency", values)).toBe("commerce.currency");
    expect(fieldOfPath(commerce, "settings.theme.brand", values)).toBeUndefined();
    const postbacks = groupById("postbacks")!;
    const pv = {
      "postbacks.networks.rows": "2",
      "postbacks.networks.0.network": "other",
      "postbacks.networks.1.network": "acme",
    };
    expect(fieldOfPath(postbacks, "settings.postbacks.networks.acme.sale", pv)).toBe("postbacks.networks.1.sale");
    expect(fieldOfPath(groupById("identity")!, "host", {})).toBe("host");
  });

  it("reads numbers and choices strictly", () => {
    expect(readField({ name: "x", kind: "int" }, "12")).toEqual({ ok: true, value: 12 });
    expect(readField({ name: "x", kind: "int" }, "1e3")).toEqual({ ok: false, code: "whole_number" });
    expect(readField({ name: "x", kind: "int" }, "")).toEqual({ ok: false, code: "required" });
    expect(readField({ name: "x", kind: "int", optional: true }, " ")).toEqual({ ok: true, value: undefined });
    expect(readField({ name: "x", kind: "select", options: ["1", "2"] }, "2")).toEqual({ ok: true, value: 2 });
    expect(readField({ name: "x", kind: "select", options: ["a"] }, "b")).toEqual({ ok: false, code: "invalid_value" });
    expect(readField({ name: "x", kind: "list", upper: true }, "nl, be,,de")).toEqual({ ok: true, value: ["NL", "BE", "DE"] });
  });
});

describe("the Safety group (issue 30, ADR 053)", () => {
  it("shows each language's refused words and the screening notice, and reads them back", () => {
    const site = sites[0]!;
    const safety = groupById("safety")!;
    const values = groupValues(safety, site);
    expect(values["first_message_handles.nl"]).toContain("tikkie");
    expect(values.screening_notice).toBe("");
    const applied = applyGroup(
      safety,
      site,
      formOf({
        ...values,
        screening_notice: "1",
        "first_message_handles.nl": "Tikkie, bunq ,\nPayPal",
        "first_message_handles.de": "",
      }),
    );
    expect(applied.errors).toEqual({});
    const settings = StoredSettingsSchema.parse(applied.settings);
    expect(settings.screening_notice).toBe(true);
    expect(settings.first_message_handles.nl).toEqual(["Tikkie", "bunq", "PayPal"]);
    expect(settings.first_message_handles.de).toEqual([]);
  });

  it("the schema refuses a word too short or with markup, and old settings without the fields get the defaults", () => {
    const bad = StoredSettingsSchema.safeParse({ ...FULL, first_message_handles: { en: ["ab", "<b>x</b>"] } });
    expect(bad.success).toBe(false);
    const { first_message_handles: _h, screening_notice: _s, ...old } = FULL;
    const read = StoredSettingsSchema.parse(old);
    expect(read.screening_notice).toBe(false);
    expect(read.first_message_handles.en).toContain("paypal");
  });

  it("shows each language's offensive words (ADR 057) and reads them back; old settings get the defaults", () => {
    const site = sites[0]!;
    const safety = groupById("safety")!;
    const values = groupValues(safety, site);
    expect(values["offensive_words.en"]).toContain("idiot*");
    const applied = applyGroup(
      safety,
      site,
      formOf({ ...values, "offensive_words.en": "jerk*, fuck off ,\nloser", "offensive_words.pl": "" }),
    );
    expect(applied.errors).toEqual({});
    const settings = StoredSettingsSchema.parse(applied.settings);
    expect(settings.offensive_words.en).toEqual(["jerk*", "fuck off", "loser"]);
    expect(settings.offensive_words.pl).toEqual([]);
    const { offensive_words: _o, ...old } = FULL;
    expect(StoredSettingsSchema.parse(old).offensive_words.de).toContain("arschloch");
  });
});
