/**
 * Sites by form (issue 28 point 1–3; workers/api/endpoints/staff/sites.ts, ADR 047) on real D1:
 * who may make the calls, saving over a version, the settings refused, a new brand by copying
 * one, versions, the readable difference and rolling back.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SettingsSchema } from "../../contract/schemas";
import { SiteAnswerSchema, SiteSavedSchema, SitesAnswerSchema, SiteVersionAnswerSchema } from "../../contract/site-admin";
import { AuditAnswerSchema } from "../../contract/staff";
import { call, ensureSites } from "./helpers";
import { answer, createHost, errorOf, type SignedInStaff } from "./host-helpers";

beforeAll(ensureSites);

const admin = (siteId: number | null) => createHost({ siteId, role: "admin" });
let hostCounter = 0;
const newHost = () => `brand${Date.now() % 1_000_000}-${++hostCounter}.example`;

async function siteOf(cookie: string, id: number) {
  return answer(await call(`/api/staff/site.php?id=${id}`, { cookie }), 200, SiteAnswerSchema);
}

function save(cookie: string, body: unknown) {
  return call("/api/staff/site.php", { method: "POST", cookie, json: body });
}

/** A new site copied from site 1, so a test may change it freely. */
async function newBrand(platform: SignedInStaff, name = "Test brand") {
  const host = newHost();
  const created = await answer(
    await call("/api/staff/site_create.php", {
      method: "POST",
      cookie: platform.cookie,
      json: { from: 1, host, name, domain: host },
    }),
    201,
    SiteSavedSchema,
  );
  return { ...created, host };
}

describe("who may make the site calls", () => {
  it("a host and a moderator get 403 staff_role; without a staff session 401", async () => {
    for (const role of ["host", "moderator"] as const) {
      const staff = await createHost({ siteId: 1, role });
      await errorOf(await call("/api/staff/sites.php", { cookie: staff.cookie }), 403, "staff_role");
      await errorOf(await call("/api/staff/site.php?id=1", { cookie: staff.cookie }), 403, "staff_role");
      await errorOf(await save(staff.cookie, { id: 1, version: 0, host: "x.example", settings: {} }), 403, "staff_role");
    }
    await errorOf(await call("/api/staff/sites.php"), 401);
  });

  it("an admin of one site sees that site only; another site's id is 404, also for saving and versions", async () => {
    const siteAdmin = await admin(1);
    const list = await answer(await call("/api/staff/sites.php", { cookie: siteAdmin.cookie }), 200, SitesAnswerSchema);
    expect(list.sites.map((s) => s.id)).toEqual([1]);
    expect(list.can_create).toBe(false);
    await errorOf(await call("/api/staff/site.php?id=2", { cookie: siteAdmin.cookie }), 404, "not_found");
    const other = await siteOf((await admin(null)).cookie, 2);
    await errorOf(
      await save(siteAdmin.cookie, { id: 2, version: other.site.version, host: other.site.host, settings: other.site.settings }),
      404,
      "not_found",
    );
    await errorOf(await call("/api/staff/site_version.php?id=2&version=1", { cookie: siteAdmin.cookie }), 404);
    await errorOf(
      await call("/api/staff/site_create.php", {
        method: "POST",
        cookie: siteAdmin.cookie,
        json: { from: 1, host: newHost(), name: "Mine", domain: "mine.example" },
      }),
      403,
      "staff_role",
    );
  });

  it("a platform admin sees every site and may create sites", async () => {
    const list = await answer(await call("/api/staff/sites.php", { cookie: (await admin(null)).cookie }), 200, SitesAnswerSchema);
    expect(list.sites.length).toBeGreaterThanOrEqual(3);
    expect(list.can_create).toBe(true);
    expect(list.sites[0]).toMatchObject({ id: 1, name: expect.any(String), template: expect.any(String) });
  });
});

describe("saving a site's settings", () => {
  let platform: SignedInStaff;
  beforeAll(async () => {
    platform = await admin(null);
  });

  it("saves over the version read, answers the next version, and the site answers with the new settings at once", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const settings = { ...site.settings, name: "Renamed brand", theme: { ...site.settings.theme, brand: "#0f5132" } };
    const saved = await answer(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings }),
      200,
      SiteSavedSchema,
    );
    expect(saved.version).toBe(site.version + 1);
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host: brand.host })).json());
    expect(served.name).toBe("Renamed brand");
    expect(served.theme.brand).toBe("#0f5132");
  });

  it("two admins saving the same version: one is saved, the other gets 409 settings_changed and nothing of it is stored", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const second = await admin(null);
    const results = await Promise.all(
      ["First name", "Second name", "Third name"].map((name, i) =>
        save(i === 1 ? second.cookie : platform.cookie, {
          id: brand.id,
          version: site.version,
          host: site.host,
          settings: { ...site.settings, name },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) await errorOf(r, 409, "settings_changed");
    const after = await siteOf(platform.cookie, brand.id);
    expect(after.site.version).toBe(site.version + 1);
    // The stale version again: refused.
    await errorOf(
      await save(platform.cookie, {
        id: brand.id,
        version: site.version,
        host: site.host,
        settings: { ...site.settings, name: "Late" },
      }),
      409,
      "settings_changed",
    );
  });

  it("refuses invalid settings with each setting's path, and stores nothing", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const bad = {
      ...site.settings,
      name: "",
      support_email: "not an address",
      countries: [],
      theme: { ...site.settings.theme, brand: "#ffff00" },
      commerce: { ...site.settings.commerce, credit_packages: [{ id: "Bad Id", credits: -1, prices: { EUR: 0 } }] },
      host_max_held: "three",
    };
    const body = await errorOf(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings: bad }),
      422,
      "invalid_input",
    );
    expect(body.fields).toMatchObject({
      "settings.name": "too_small",
      "settings.support_email": "invalid_format",
      "settings.countries.0": "required",
      "settings.theme.brand": "contrast_too_low",
      "settings.commerce.credit_packages.0.id": "invalid_format",
      "settings.commerce.credit_packages.0.credits": "too_small",
      "settings.host_max_held": "invalid_type",
    });
    expect(JSON.stringify(body)).not.toMatch(/SQL|stack|at \w+ \(/i);
    expect((await siteOf(platform.cookie, brand.id)).site).toEqual(site);
  });

  it("refuses wrong types and shapes of the body itself", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    for (const body of [
      {},
      { id: "x", version: site.version, host: site.host, settings: site.settings },
      { id: brand.id, version: -1, host: site.host, settings: site.settings },
      { id: brand.id, version: site.version, host: "not a host!", settings: site.settings },
      { id: brand.id, version: site.version, host: site.host, settings: "[]" },
      { id: brand.id, version: site.version, host: site.host, settings: null },
    ]) {
      await errorOf(await save(platform.cookie, body), 422, "invalid_input");
    }
    await errorOf(await save(platform.cookie, { id: 999_999, version: 1, host: "a.example", settings: site.settings }), 404);
  });

  it("a host another site answers at is refused beside the field", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const body = await errorOf(
      await save(platform.cookie, { id: brand.id, version: site.version, host: "localhost", settings: site.settings }),
      422,
      "invalid_input",
    );
    expect(body.fields).toEqual({ host: "host_taken" });
  });
});

describe("a new brand, versions and rolling back", () => {
  let platform: SignedInStaff;
  beforeAll(async () => {
    platform = await admin(null);
  });

  it("a copy of a site answers at its own host with its own name, and its first version is kept", async () => {
    const brand = await newBrand(platform, "Copy brand");
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host: brand.host })).json());
    expect(served.name).toBe("Copy brand");
    expect(served.domain).toBe(brand.host);
    const { versions } = await siteOf(platform.cookie, brand.id);
    expect(versions).toEqual([expect.objectContaining({ version: brand.version, current: true, saved_by: platform.name })]);
  });

  it("a copy may serve countries of its own; a bad country code is refused", async () => {
    const host = newHost();
    const create = (json: unknown) => call("/api/staff/site_create.php", { method: "POST", cookie: platform.cookie, json });
    await answer(await create({ from: 1, host, name: "Japan brand", domain: host, countries: ["JP"] }), 201, SiteSavedSchema);
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host })).json());
    expect(served.countries).toEqual(["JP"]);
    const bad = await errorOf(
      await create({ from: 1, host: newHost(), name: "X", domain: "x.example", countries: ["Japan"] }),
      422,
    );
    expect(bad.fields).toEqual({ "settings.countries.0": "invalid_format" });
  });

  it("a copy needs a free host, a name, a domain and a site in scope", async () => {
    const create = (json: unknown) => call("/api/staff/site_create.php", { method: "POST", cookie: platform.cookie, json });
    const taken = await errorOf(
      await create({ from: 1, host: "localhost", name: "X", domain: "x.example" }),
      422,
      "invalid_input",
    );
    expect(taken.fields).toEqual({ host: "host_taken" });
    const bad = await errorOf(await create({ from: 1, host: "", name: " ", domain: "no spaces allowed" }), 422, "invalid_input");
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(["domain", "host", "name"]);
    await errorOf(await create({ from: 999_999, host: newHost(), name: "X", domain: "x.example" }), 404);
  });

  it("every save is a version with a readable difference in the audit log; rolling back saves the old one again", async () => {
    const brand = await newBrand(platform);
    const first = await siteOf(platform.cookie, brand.id);
    const changed = { ...first.site.settings, name: "Second", starting_credits: 42 };
    const saved = await answer(
      await save(platform.cookie, { id: brand.id, version: first.site.version, host: first.site.host, settings: changed }),
      200,
      SiteSavedSchema,
    );

    const diff = await answer(
      await call(`/api/staff/site_version.php?id=${brand.id}&version=${first.site.version}`, { cookie: platform.cookie }),
      200,
      SiteVersionAnswerSchema,
    );
    expect(diff.changes).toEqual([
      { path: "name", before: "Second", after: first.site.settings.name },
      { path: "starting_credits", before: "42", after: String(first.site.settings.starting_credits) },
    ]);

    const audit = AuditAnswerSchema.parse(await (await call("/api/staff/audit.php", { cookie: platform.cookie })).json());
    const line = audit.entries.find((e) => e.action === "site_saved" && e.detail.version === saved.version);
    expect(line?.detail.changes).toEqual([
      { path: "name", before: first.site.settings.name, after: "Second" },
      { path: "starting_credits", before: String(first.site.settings.starting_credits), after: "42" },
    ]);

    const rolled = await answer(
      await call("/api/staff/site_rollback.php", {
        method: "POST",
        cookie: platform.cookie,
        json: { id: brand.id, version: saved.version, to: first.site.version },
      }),
      200,
      SiteSavedSchema,
    );
    const after = await siteOf(platform.cookie, brand.id);
    expect(after.site.settings).toEqual(first.site.settings);
    expect(after.site.version).toBe(rolled.version);
    expect(after.versions.map((v) => v.version)).toEqual([rolled.version, saved.version, first.site.version]);
    // A rollback over a stale version, or to a version that never was: refused.
    await errorOf(
      await call("/api/staff/site_rollback.php", {
        method: "POST",
        cookie: platform.cookie,
        json: { id: brand.id, version: saved.version, to: first.site.version },
      }),
      409,
      "settings_changed",
    );
    await errorOf(
      await call("/api/staff/site_rollback.php", {
        method: "POST",
        cookie: platform.cookie,
        json: { id: brand.id, version: rolled.version, to: 123 },
      }),
      404,
    );
  });

  it("the first console save of a seeded site keeps the seeded settings as a version to roll back to", async () => {
    const host = newHost();
    const { site: one } = await siteOf(platform.cookie, 1);
    const row = await env.DB.prepare(
      "INSERT INTO sites (host, is_default, settings) VALUES (?, 0, ?) RETURNING id, settings_version",
    )
      .bind(host, JSON.stringify({ ...one.settings, name: "Seeded" }))
      .first<{ id: number; settings_version: number }>();
    const { site } = await siteOf(platform.cookie, row!.id);
    expect((await siteOf(platform.cookie, row!.id)).versions).toEqual([]);
    await answer(
      await save(platform.cookie, { id: site.id, version: site.version, host, settings: { ...site.settings, name: "Saved" } }),
      200,
      SiteSavedSchema,
    );
    const { versions } = await siteOf(platform.cookie, row!.id);
    expect(versions).toEqual([
      expect.objectContaining({ version: site.version + 1, current: true, saved_by: platform.name }),
      expect.objectContaining({ version: site.version, current: false, saved_by: null }),
    ]);
  });
});

describe("the Safety settings (issue 30, ADR 053)", () => {
  it("saves the refused words per language and the screening notice; refuses a bad word by its path; keeps the words out of the settings answer", async () => {
    const platform = await admin(null);
    const brand = await newBrand(platform, "Safety brand");
    const { site } = await siteOf(platform.cookie, brand.id);
    const bad = { ...site.settings, first_message_handles: { en: ["paypal", "x"] } };
    const refused = await errorOf(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings: bad }),
      422,
      "invalid_input",
    );
    expect(Object.keys(refused.fields ?? {})).toEqual(["settings.first_message_handles.en.1"]);

    const settings = { ...site.settings, screening_notice: true, first_message_handles: { en: ["fooopay"] } };
    await answer(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings }),
      200,
      SiteSavedSchema,
    );
    expect((await siteOf(platform.cookie, brand.id)).site.settings).toMatchObject({
      screening_notice: true,
      first_message_handles: { en: ["fooopay"] },
    });
    const served = await (await call("/api/settings.php", { host: brand.host })).json();
    expect(SettingsSchema.parse(served).screening_notice).toBe(true);
    expect(served).not.toHaveProperty("first_message_handles");
  });

  it("saves the offensive words per language (ADR 057); refuses what is no word by its path; keeps them out of the settings answer", async () => {
    const platform = await admin(null);
    const brand = await newBrand(platform, "Nudges brand");
    const { site } = await siteOf(platform.cookie, brand.id);
    expect(site.settings.offensive_words.en).toContain("idiot*");
    const bad = { ...site.settings, offensive_words: { en: ["jerk", "1d10t"], de: ["<b>"] } };
    const refused = await errorOf(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings: bad }),
      422,
      "invalid_input",
    );
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(["settings.offensive_words.de.0", "settings.offensive_words.en.1"]);
    const settings = { ...site.settings, offensive_words: { en: ["jerk*", "fuck off"], nl: [] } };
    await answer(
      await save(platform.cookie, { id: brand.id, version: site.version, host: site.host, settings }),
      200,
      SiteSavedSchema,
    );
    expect((await siteOf(platform.cookie, brand.id)).site.settings.offensive_words).toEqual({
      en: ["jerk*", "fuck off"],
      nl: [],
    });
    const served = await (await call("/api/settings.php", { host: brand.host })).json();
    expect(served).not.toHaveProperty("offensive_words");
  });
});
