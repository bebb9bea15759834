/**
 * The cam tiles' partner feed (docs/decisions/026-partner-feed.md): a site naming a JSON feed and
 * a field mapping gets its cams from it (the fake feed on 127.0.0.1,
 * tests/fakes/postback-receiver.ts); failures and timeouts give no cams, never an error.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CamSearchAnswerSchema,
  SettingsSchema,
  StoredSettingsSchema,
  type PartnerFeed,
  type StoredSettings,
} from "../../contract/schemas";
import { camsFromFeed, mapFeedItem } from "../../workers/api/adapters/cams";
import { app } from "../../workers/api/index";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { call, ensureSites } from "./helpers";

const SITE_ID = 63;
const HOST = "feed.localhost";
const RECEIVER = env.TEST_POSTBACK_RECEIVER;
const RECEIVER_HOST = new URL(RECEIVER).host;

function feed(mode: string): PartnerFeed {
  return {
    url: `${RECEIVER}/feed/${mode}?g={gender}&min={min_age}&max={max_age}`,
    items: "data.performers",
    fields: { account: "nick", name: "profile.display", age: "years", snapshot: "img", live: "online" },
    hosts: [RECEIVER_HOST, "cams.feedpartner.example"],
    timeout_ms: 400,
    allow_private_hosts: true,
  };
}

async function serveFeed(mode: string) {
  const settings: StoredSettings = {
    ...DEMO_SITES[0]!.settings,
    domain: HOST,
    member_resell: ["cams", "camads"],
    partner_urls: { cams: "https://cams.feedpartner.example/room/{account}", resell: "https://dating.partner.example/join" },
    redirect_hosts: [],
    partner_feed: feed(mode),
  };
  await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (?, ?, 0, ?)")
    .bind(SITE_ID, HOST, JSON.stringify(settings))
    .run();
}

async function camsOf(response: Response) {
  expect(response.status).toBe(200);
  return CamSearchAnswerSchema.parse(await response.json()).cams;
}

const feedHits = async (): Promise<string[]> => (await fetch(`${RECEIVER}/_feed-hits`)).json();

beforeAll(ensureSites);

describe("GET /api/xcams/search.php from a partner feed", () => {
  it("maps the feed's fields into cams: live ones only, on the feed's hosts, with plain accounts and names", async () => {
    await serveFeed("ok");
    const cams = await camsOf(await call("/api/xcams/search.php?gender=female&min_age=25&max_age=40", { host: HOST }));
    expect(Object.keys(cams)).toEqual(["anna_77", "bea.live", "gina"]);
    expect(cams.anna_77).toEqual({ account: "anna_77", name: "Anna", age: 27, snapshot: `${RECEIVER}/snap/anna.jpg` });
    // Text stays text (the page escapes it); a numeric string is an age; a word is none.
    expect(cams["bea.live"]).toMatchObject({ name: "Bea <b>", age: 31 });
    expect(cams.gina?.age).toBeNull();
    // The template's placeholders were filled with the search's values.
    expect((await feedHits()).at(-1)).toBe("/feed/ok?g=female&min=25&max=40");
  });

  it("a feed that hangs gives no cams once its timeout has passed", async () => {
    await serveFeed("hang");
    const started = Date.now();
    expect(await camsOf(await call("/api/xcams/search.php", { host: HOST }))).toEqual({});
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("a malformed feed, an error status, a feed without the list and an oversized one give no cams", async () => {
    for (const mode of ["malformed", "error", "wrong-shape", "big"]) {
      await serveFeed(mode);
      expect(await camsOf(await call("/api/xcams/search.php", { host: HOST })), mode).toEqual({});
    }
  });

  it("a private feed host is not fetched when the worker does not allow it (POSTBACK_ALLOW_PRIVATE)", async () => {
    await serveFeed("ok");
    const before = (await feedHits()).length;
    const response = await app.request(
      "http://localhost/api/xcams/search.php",
      { headers: { "x-original-host": HOST } },
      { ...env, POSTBACK_ALLOW_PRIVATE: "0" },
    );
    expect(await camsOf(response)).toEqual({});
    expect((await feedHits()).length).toBe(before);
  });

  it("cam redirects may go to the feed's hosts; odd accounts are refused", async () => {
    await serveFeed("ok");
    const response = await call("/api/xcams/redirect.php?account=anna_77", { host: HOST });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://cams.feedpartner.example/room/anna_77");
    for (const account of ["../evil", "", "a b", "x".repeat(65)]) {
      const refused = await call(`/api/xcams/redirect.php?account=${encodeURIComponent(account)}`, { host: HOST });
      expect(refused.status, account).toBe(404);
    }
  });

  it("the settings answer names the image hosts (for the CSP) but not the feed's address", async () => {
    await serveFeed("ok");
    const settings = SettingsSchema.parse(await (await call("/api/settings.php", { host: HOST })).json());
    expect(settings.partner_image_hosts).toEqual([RECEIVER_HOST, "cams.feedpartner.example"]);
    const raw = await (await call("/api/settings.php", { host: HOST })).text();
    expect(raw).not.toContain("/feed/ok");
  });
});

describe("partner feed settings", () => {
  const parse = (overrides: Partial<PartnerFeed>) =>
    StoredSettingsSchema.safeParse({ ...DEMO_SITES[0]!.settings, partner_feed: { ...feed("ok"), ...overrides } });

  it("refuses a feed URL that is not http(s), on a private host without the allowance, or with unknown placeholders", () => {
    expect(parse({ url: "file:///etc/passwd" }).success).toBe(false);
    expect(parse({ url: "http://127.0.0.1:8877/feed/ok", allow_private_hosts: false }).success).toBe(false);
    expect(parse({ url: "https://feed.example/cams?key={secret}" }).success).toBe(false);
    expect(parse({ url: "https://{gender}.feed.example/cams" }).success).toBe(false);
    expect(parse({ hosts: ["*.example"] }).success).toBe(false);
    expect(parse({ timeout_ms: 60_000 }).success).toBe(false);
    expect(parse({ url: "https://feed.example/cams?g={gender}", allow_private_hosts: false }).success).toBe(true);
  });

  it("mapping: dot paths, the answer itself as the list, duplicates once", () => {
    const simple: PartnerFeed = { ...feed("ok"), items: "", fields: { account: "id", name: "n", age: "a", snapshot: "s" } };
    const item = { id: 12, n: "Ria", a: 33, s: `https://cams.feedpartner.example/12.jpg` };
    expect(mapFeedItem(item, simple)).toEqual({ account: "12", name: "Ria", age: 33, snapshot: item.s });
    expect(camsFromFeed([item, item, null, 5, "x"], simple)).toHaveLength(1);
    // An http snapshot only where private hosts are allowed (a local fake), else https only.
    expect(
      mapFeedItem({ ...item, s: "http://cams.feedpartner.example/12.jpg" }, { ...simple, allow_private_hosts: false }),
    ).toBeNull();
    expect(mapFeedItem({ ...item, s: "javascript:alert(1)" }, simple)).toBeNull();
    expect(mapFeedItem({ ...item, a: 12 }, simple)?.age).toBeNull();
    expect(() => camsFromFeed({ items: [] }, simple)).toThrow();
  });
});
