/**
 * A site's own welcome copy in its settings (issue 29 point 23; contract/rules/welcome-copy.ts,
 * ADR 061) through the console's save call on real D1: too long and wrong types refused by path
 * with codes of their own, empty parts left out, and the settings answer carries the copy.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SettingsSchema } from "../../contract/schemas";
import { SiteAnswerSchema, SiteSavedSchema } from "../../contract/site-admin";
import { call, ensureSites } from "./helpers";
import { answer, createHost, errorOf, type SignedInStaff } from "./host-helpers";

beforeAll(ensureSites);

let platform: SignedInStaff;
beforeAll(async () => {
  platform = await createHost({ siteId: null, role: "admin" });
});

async function newBrand() {
  const host = `welcome${Date.now() % 1_000_000}-${Math.random().toString(36).slice(2, 6)}.example`;
  const created = await answer(
    await call("/api/staff/site_create.php", {
      method: "POST",
      cookie: platform.cookie,
      json: { from: 1, host, name: "Welcome brand", domain: host },
    }),
    201,
    SiteSavedSchema,
  );
  const { site } = await answer(
    await call(`/api/staff/site.php?id=${created.id}`, { cookie: platform.cookie }),
    200,
    SiteAnswerSchema,
  );
  return { site, host, id: created.id };
}

function saveWelcome(brand: Awaited<ReturnType<typeof newBrand>>, welcome: unknown) {
  return call("/api/staff/site.php", {
    method: "POST",
    cookie: platform.cookie,
    json: { id: brand.id, version: brand.site.version, host: brand.host, settings: { ...brand.site.settings, welcome } },
  });
}

describe("a site's welcome copy", () => {
  it("refuses too long a headline or text, a wrong type and a language that is not ours, by path", async () => {
    const brand = await newBrand();
    const long = await errorOf(
      await saveWelcome(brand, { nl: { headline: "h".repeat(81), text: "t".repeat(301) } }),
      422,
      "invalid_input",
    );
    expect(long.fields).toEqual({
      "settings.welcome.nl.headline": "welcome_headline_too_long",
      "settings.welcome.nl.text": "welcome_text_too_long",
    });
    const wrongType = await errorOf(await saveWelcome(brand, { en: { headline: 7 } }), 422, "invalid_input");
    expect(wrongType.fields).toEqual({ "settings.welcome.en.headline": "invalid_type" });
    const language = await errorOf(await saveWelcome(brand, { xx: { headline: "Hi" } }), 422, "invalid_input");
    expect(Object.keys(language.fields ?? {})).toEqual(["settings.welcome"]);
    // Nothing of it was stored.
    const { site } = await answer(
      await call(`/api/staff/site.php?id=${brand.id}`, { cookie: platform.cookie }),
      200,
      SiteAnswerSchema,
    );
    expect(site.version).toBe(brand.site.version);
  });

  it("saves the copy at its longest, leaves empty parts out, and the settings answer carries it", async () => {
    const brand = await newBrand();
    const headline = "h".repeat(80);
    await answer(
      await saveWelcome(brand, { nl: { headline, text: "  Welkom  " }, de: { headline: "", text: "" } }),
      200,
      SiteSavedSchema,
    );
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host: brand.host })).json());
    expect(served.welcome).toEqual({ nl: { headline, text: "Welkom" } });
  });

  it("a site without copy has none in its answer (the default words apply)", async () => {
    const brand = await newBrand();
    await answer(await saveWelcome(brand, { en: { headline: " " } }), 200, SiteSavedSchema);
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host: brand.host })).json());
    expect(served.welcome).toBeUndefined();
  });
});
