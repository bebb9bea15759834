import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../contract/locales";
import {
  CONTENT_PAGES,
  ContentFileSchema,
  fillPage,
  interpolate,
  parseInline,
  safeContentHref,
  type ContentFile,
  type PageContent,
} from "./content";
import { STORAGE_INVENTORY, durationParts, listedItem } from "../../contract/storage-inventory";
import { LOCALE_COOKIE } from "./i18n";
import { DESIGN_COOKIE } from "./theme.server";
import { CONSENT_COOKIE, TRACKING_COOKIE } from "./tracking";

const files = import.meta.glob<{ default: unknown }>("../content/pages/*.json", { eager: true });
const file = (locale: string): ContentFile => v.parse(ContentFileSchema, files[`../content/pages/${locale}.json`]?.default);

/** What must be the same in every language: ids, the strings' keys, where links go, the values named. */
function shape(page: PageContent) {
  const all: string[] = [];
  const collect = (text: string) => all.push(text);
  const blocks = (b: PageContent["intro"]) => b?.forEach((x) => (typeof x === "string" ? collect(x) : x.list.forEach(collect)));
  blocks(page.intro);
  for (const s of page.sections ?? []) {
    blocks(s.body);
    for (const q of s.questions ?? []) blocks(q.a);
  }
  for (const s of Object.values(page.strings ?? {})) collect(s);
  const links = all.flatMap((text) => parseInline(text).flatMap((part) => ("href" in part ? [part.href] : []))).sort();
  return {
    sections: page.sections?.map((s) => ({ id: s.id, questions: s.questions?.map((q) => q.id), blocks: s.body?.length })),
    strings: Object.keys(page.strings ?? {}).sort(),
    links,
    updated: page.updated,
  };
}

describe("the content files (app/content/pages)", () => {
  const english = file("en");
  it.each(LOCALES.filter((l) => l !== "en"))("%s has every page, section, question and link English has", (locale) => {
    const own = file(locale);
    for (const page of CONTENT_PAGES) expect(shape(own[page]), page).toEqual(shape(english[page]));
  });

  it.each([...LOCALES])("%s names only values the site has, and links only where content may link", (locale) => {
    const text = JSON.stringify(file(locale));
    for (const [, name] of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
      expect([
        "site",
        "company",
        "address",
        "city",
        "country",
        "email",
        "phone",
        "plural",
        "icon",
        "kvk",
        "vat",
        "names",
        "date",
      ]).toContain(name);
    }
    for (const [, , target] of text.matchAll(/\[([^\]]+)\]\(([^)\s]+)\)/g)) {
      // An email link's target is filled in later ({{email}}): judge it with a value in.
      expect(safeContentHref((target ?? "").replace("{{email}}", "support@example.com")), target).not.toBeNull();
    }
  });

  it.each([...LOCALES])("%s explains every stored item of the inventory", (locale) => {
    const strings = file(locale).cookies.strings ?? {};
    for (const item of STORAGE_INVENTORY) {
      expect(
        strings[`purpose.${item.kind}.${item.name}`] ?? strings[`purpose.${item.name}`],
        `${item.kind} ${item.name}`,
      ).toBeTruthy();
    }
  });
});

describe("content markup", () => {
  it("keeps links to this site, mailto and tel, and leaves any other target as text", () => {
    expect(parseInline("See [the FAQ](/pages/faq) or [mail](mailto:a@b.example).")).toEqual([
      { text: "See " },
      { text: "the FAQ", href: "/pages/faq" },
      { text: " or " },
      { text: "mail", href: "mailto:a@b.example" },
      { text: "." },
    ]);
    for (const target of [
      "https://evil.example",
      "//evil.example",
      "javascript:alert(1)",
      "/\\evil.example",
      "data:text/html,x",
    ]) {
      expect(parseInline(`[x](${target})`)).toEqual([{ text: `[x](${target})` }]);
    }
    expect(safeContentHref("tel:+31 20 123 4567")).toBe("tel:+31201234567");
  });

  it("fills in values as text, and leaves unknown names visible", () => {
    const values = {
      site: "<b>Amora</b>",
      company: "C",
      address: "A",
      city: "X",
      country: "NL",
      email: "e@x.example",
      phone: "",
      plural: "hosts",
      icon: "✦",
      kvk: "",
      vat: "",
    };
    expect(interpolate("{{site}} by {{company}} {{nope}}", values)).toBe("<b>Amora</b> by C {{nope}}");
    const page = fillPage({ title: "{{site}}", description: "", heading: "", intro: [{ list: ["{{plural}}"] }] }, values);
    expect(page.title).toBe("<b>Amora</b>");
    expect(page.intro).toEqual([{ list: ["hosts"] }]);
  });
});

describe("the storage inventory", () => {
  it("lists the names the app's own code stores under", () => {
    for (const name of [
      LOCALE_COOKIE.name,
      TRACKING_COOKIE.name,
      CONSENT_COOKIE.name,
      DESIGN_COOKIE.name,
      "toast",
      "after_signup",
    ]) {
      expect(listedItem("cookie", name), name).toBeDefined();
    }
    expect(listedItem("cookie", LOCALE_COOKIE.name)?.duration).toBe(LOCALE_COOKIE.maxAgeSeconds);
    expect(listedItem("cookie", TRACKING_COOKIE.name)?.duration).toBe(TRACKING_COOKIE.maxAgeSeconds);
    expect(listedItem("cookie", DESIGN_COOKIE.name)?.duration).toBe(DESIGN_COOKIE.maxAgeSeconds);
    expect(listedItem("cookie", CONSENT_COOKIE.name)?.duration).toBe(CONSENT_COOKIE.maxAgeSeconds);
    // The partner cookie is not strictly necessary, so it waits for consent (ADR 034); the answer itself is.
    expect(listedItem("cookie", TRACKING_COOKIE.name)?.necessary).toBe(false);
    expect(listedItem("cookie", CONSENT_COOKIE.name)?.necessary).toBe(true);
  });

  it("matches names and prefixes", () => {
    expect(listedItem("cookie", "sid")?.necessary).toBe(true);
    expect(listedItem("localStorage", "chat-draft:/chats/12")?.name).toBe("chat-draft:*");
    expect(listedItem("cookie", "chat-draft:/x")).toBeUndefined();
    expect(listedItem("cookie", "tracking")?.necessary).toBe(false);
  });
  it("says durations in whole units", () => {
    expect(durationParts(60)).toEqual({ value: 1, unit: "minute" });
    expect(durationParts(86400)).toEqual({ value: 1, unit: "day" });
    expect(durationParts(2_592_000)).toEqual({ value: 30, unit: "day" });
    expect(durationParts(31_536_000)).toEqual({ value: 1, unit: "year" });
  });
});
