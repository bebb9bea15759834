import { describe, expect, it, beforeAll } from "vitest";
import { ApiErrorSchema, CamSearchAnswerSchema } from "../../contract/schemas";
import { call, ensureSites } from "./helpers";

beforeAll(ensureSites);

describe("GET /api/xcams/search.php", () => {
  it("answers cams keyed by account, within the asked gender and ages", async () => {
    const response = await call("/api/xcams/search.php?gender=female&min_age=26&max_age=35");
    // The same for every member with these filters: the app may keep it a minute (ADR 033).
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const { cams } = CamSearchAnswerSchema.parse(await response.json());
    const list = Object.values(cams);
    expect(list.length).toBeGreaterThan(0);
    for (const cam of list) {
      expect(cams[cam.account]).toBe(cam);
      expect(cam.account).toMatch(/^demo-female-/);
      expect(cam.age).toBeGreaterThanOrEqual(26);
      expect(cam.age).toBeLessThanOrEqual(35);
    }
  });

  it("answers no cams on a site that does not resell them", async () => {
    const { cams } = CamSearchAnswerSchema.parse(await (await call("/api/xcams/search.php", { host: "127.0.0.1" })).json());
    expect(cams).toEqual({});
  });

  it("refuses bad parameters with 422", async () => {
    for (const query of ["min_age=50&max_age=20", "max_age=500", "gender=robot", "min_age=x"]) {
      const response = await call(`/api/xcams/search.php?${query}`);
      expect(response.status, query).toBe(422);
    }
  });

  // The field codes of search.php for the same filters (issue 26: one validator); the ages the
  // wrong way round answered "custom" here before.
  it.each([
    ["min_age=50&max_age=20", { min_age: "min_age_above_max_age" }],
    ["max_age=500", { max_age: "too_big" }],
    ["gender=robot", { gender: "invalid_value" }],
    ["min_age=x", { min_age: "invalid_type" }],
  ])("answers %s with the field codes search.php gives", async (query, fields) => {
    const response = await call(`/api/xcams/search.php?${query}`);
    expect(ApiErrorSchema.parse(await response.json())).toMatchObject({ error: "invalid_input", fields });
  });
});

describe("partner redirects", () => {
  it("sends a cam to the partner's page for that account", async () => {
    const response = await call("/api/xcams/redirect.php?account=demo-female-3");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://cams.partner.example/live/demo-female-3?ref=amora");
  });

  it("refuses accounts that are not the provider's, and sites without a partner", async () => {
    for (const account of ["", "https://evil.example", "demo-female-3/../../x", "nobody"]) {
      const response = await call(`/api/xcams/redirect.php?account=${encodeURIComponent(account)}`);
      expect(response.status, account).toBe(404);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("no_partner");
    }
    expect((await call("/api/xcams/redirect.php?account=demo-female-3", { host: "127.0.0.1" })).status).toBe(404);
  });

  it("sends the ad tile to the resell partner with the flow", async () => {
    const response = await call("/api/resellpartner.php?flow=profile-search&redirect=1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://dating.partner.example/join?ref=amora&flow=profile-search");
    expect((await call("/api/resellpartner.php?flow=profile-search", { host: "127.0.0.1" })).status).toBe(404);
  });

  it("serves the demo snapshots as images, and nothing else", async () => {
    const snapshot = await call("/api/xcams/snapshot.php?account=demo-male-1");
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get("content-type")).toBe("image/svg+xml");
    expect(await snapshot.text()).toMatch(/^<svg/);
    expect((await call("/api/xcams/snapshot.php?account=../secret")).status).toBe(404);
  });
});
