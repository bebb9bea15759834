import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, CompanyInfoSchema, RegionsAnswerSchema, SettingsSchema } from "../../contract/schemas";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

describe("GET /api/settings.php", () => {
  it("answers the site named by x-original-host, in the contract's shape", async () => {
    const amora = SettingsSchema.parse(await (await call("/api/settings.php", { host: "localhost:8787" })).json());
    const zilverhart = SettingsSchema.parse(await (await call("/api/settings.php", { host: "127.0.0.1:8787" })).json());
    expect(amora.name).toBe("Amora");
    expect(amora.signups).toBe("all");
    expect(zilverhart.name).toBe("Zilverhart");
    expect(zilverhart.signups).toBe("with_trafficsource");
    expect(zilverhart.domain_language).toBe("nl");
    expect(zilverhart.niche).not.toBe(amora.niche);
  });

  it("lists the regions of the site's countries", async () => {
    const settings = SettingsSchema.parse(await (await call("/api/settings.php")).json());
    expect(settings.region_data.NL).toEqual(expect.arrayContaining([{ id: 1, name: "Utrecht" }]));
    expect(Object.keys(settings.region_data).sort()).toEqual([...settings.countries].sort());
  });

  it("answers an unknown host with the default site", async () => {
    const settings = SettingsSchema.parse(await (await call("/api/settings.php", { host: "unknown.example" })).json());
    expect(settings.name).toBe(DEMO_SITES.find((s) => s.isDefault)!.settings.name);
  });

  it("takes the visitor's country from the edge and picks it when the site serves it", async () => {
    const inside = SettingsSchema.parse(
      await (await call("/api/settings.php", { headers: { "x-client-country": "be" } })).json(),
    );
    expect(inside.geoip_country).toBe("BE");
    expect(inside.geoip_selected_country).toBe("BE");
    const outside = SettingsSchema.parse(
      await (await call("/api/settings.php", { host: "127.0.0.1", headers: { "x-client-country": "US" } })).json(),
    );
    expect(outside.geoip_country).toBe("US");
    expect(outside.geoip_selected_country).toBe("NL");
    const junk = SettingsSchema.parse(
      await (await call("/api/settings.php", { headers: { "x-client-country": "<script>" } })).json(),
    );
    expect(junk.geoip_country).toBeNull();
  });

  it("says which sites show the site-entry warning (off unless a site turns it on)", async () => {
    const velvet = SettingsSchema.parse(await (await call("/api/settings.php", { host: "velvet.localhost:8787" })).json());
    const amora = SettingsSchema.parse(await (await call("/api/settings.php", { host: "localhost:8787" })).json());
    const zilverhart = SettingsSchema.parse(await (await call("/api/settings.php", { host: "127.0.0.1" })).json());
    expect(velvet.name).toBe("Velvet Room");
    expect(velvet.entry_warning).toBe(true);
    expect(amora.entry_warning).toBe(false);
    expect(zilverhart.entry_warning).toBe(false);
    // A site stored without the setting (an older row) answers false rather than failing.
    const { entry_warning: _dropped, ...older } = DEMO_SITES[2]!.settings;
    await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (98, 'older.example', 0, ?)")
      .bind(JSON.stringify(older))
      .run();
    const answer = await (await call("/api/settings.php", { host: "older.example" })).json();
    expect(Reflect.get(answer as object, "entry_warning")).toBe(false);
  });

  it("refuses a site whose entry_warning is not a boolean", async () => {
    for (const [id, value] of [
      [97, "yes"],
      [96, 1],
      [95, null],
    ] as const) {
      const broken = { ...DEMO_SITES[0]!.settings, entry_warning: value };
      await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (?, ?, 0, ?)")
        .bind(id, `broken${id}.example`, JSON.stringify(broken))
        .run();
      const response = await call("/api/settings.php", { host: `broken${id}.example` });
      expect(response.status).toBe(503);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("site_misconfigured");
    }
  });

  it("refuses to serve a site whose settings are invalid (a negative message cost)", async () => {
    const broken = { ...DEMO_SITES[0]!.settings, minimum_message_costs: { NL: { costs: -5, currency: "EUR" } } };
    await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (99, 'broken.example', 0, ?)")
      .bind(JSON.stringify(broken))
      .run();
    const response = await call("/api/settings.php", { host: "broken.example" });
    expect(response.status).toBe(503);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("site_misconfigured");
  });
});

describe("GET /api/companyinfo.php", () => {
  it("answers the company info entity", async () => {
    const info = CompanyInfoSchema.parse(await (await call("/api/companyinfo.php")).json());
    expect(info.name).toBe("Demo Dating B.V.");
    expect(info.delete_discount).toBe(30);
  });
});

describe("GET /api/regions.php", () => {
  it("answers the regions of a country", async () => {
    const answer = RegionsAnswerSchema.parse(await (await call("/api/regions.php?country=nl")).json());
    expect(answer.country).toBe("NL");
    expect(answer.regions.map((r) => r.name)).toEqual(["Noord-Holland", "Utrecht"]);
  });

  it("answers a missing or malformed country with 422", async () => {
    const missing = await call("/api/regions.php");
    expect(missing.status).toBe(422);
    expect(ApiErrorSchema.parse(await missing.json()).fields).toEqual({ country: "required" });
    const bad = await call("/api/regions.php?country=Netherlands");
    expect(bad.status).toBe(422);
  });
});

describe("everything else", () => {
  it("answers an unknown path with a JSON 404", async () => {
    const response = await call("/api/nothing-here.php");
    expect(response.status).toBe(404);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("not_found");
  });

  it("takes the page-hidden beacon and records when a member was last seen", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/page-hidden.php", { method: "POST", json: {}, cookie });
    expect(response.status).toBe(204);
    const row = await env.DB.prepare("SELECT last_seen FROM members WHERE id = ?").bind(member.id).first<{ last_seen: number }>();
    expect(row!.last_seen).toBeGreaterThan(Date.now() - 10_000);
    expect((await call("/api/page-hidden.php", { method: "POST", json: {} })).status).toBe(204);
  });

  it("serves photos from R2 and answers 404 for a missing one", async () => {
    await env.PHOTOS.put("test-photo.jpg", new Uint8Array([0xff, 0xd8, 0xff]), { httpMetadata: { contentType: "image/jpeg" } });
    const found = await call("/api/images/test-photo.jpg");
    expect(found.status).toBe(200);
    expect(found.headers.get("content-type")).toBe("image/jpeg");
    expect(found.headers.get("cache-control")).toContain("immutable");
    expect((await call("/api/images/missing.jpg")).status).toBe(404);
    expect((await call("/api/images/..%2Fsecret.jpg")).status).toBe(404);
  });
});
