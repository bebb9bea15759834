/**
 * Push keys in the console (issue 28 point 1; workers/api/endpoints/staff/sites.ts, ADR 052) on
 * real D1: a new VAPID pair is a working P-256 pair, its public key is saved as push_pub over the
 * version read (a new version, audited), its private key is answered once and stored nowhere, and
 * only the site's admins may make one.
 */
import { env } from "cloudflare:workers";
import { vapidHeaders } from "@block65/webcrypto-web-push";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SettingsSchema } from "../../contract/schemas";
import { SiteAnswerSchema, SitePushKeysSchema, SiteSavedSchema } from "../../contract/site-admin";
import { AuditAnswerSchema } from "../../contract/staff";
import { DEMO_VAPID_PRIVATE_KEY, DEMO_VAPID_PUBLIC_KEY } from "../../workers/api/lib/demo-vapid";
import { vapidKeysMatch } from "../../workers/api/lib/vapid-keys";
import { call, ensureSites } from "./helpers";
import { answer, createHost, errorOf, type SignedInStaff } from "./host-helpers";

beforeAll(ensureSites);
afterEach(() => {
  vi.restoreAllMocks();
});

let hostCounter = 0;
const newHost = (tld = "example") => `push${Date.now() % 1_000_000}-${++hostCounter}.${tld}`;

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function siteOf(cookie: string, id: number) {
  return answer(await call(`/api/staff/site.php?id=${id}`, { cookie }), 200, SiteAnswerSchema);
}

function generate(cookie: string, body: unknown) {
  return call("/api/staff/site_push_keys.php", { method: "POST", cookie, json: body });
}

async function newBrand(platform: SignedInStaff, host = newHost()) {
  const created = await answer(
    await call("/api/staff/site_create.php", {
      method: "POST",
      cookie: platform.cookie,
      json: { from: 1, host, name: "Push brand", domain: host },
    }),
    201,
    SiteSavedSchema,
  );
  return { ...created, host };
}

/** Verifies a compact ES256 JWT (RFC 7515; raw r‖s signature) with a public key. */
async function verifyJwt(jwt: string, publicKey: CryptoKey): Promise<boolean> {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  return crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    publicKey,
    bytesOf(signature),
    new TextEncoder().encode(`${header}.${payload}`),
  );
}

describe("generating a site's VAPID key pair", () => {
  let platform: SignedInStaff;
  beforeAll(async () => {
    platform = await createHost({ siteId: null, role: "admin" });
  });

  it("makes a working P-256 pair: push_pub is the 65-byte uncompressed point, the private key signs what it verifies", async () => {
    const brand = await newBrand(platform);
    const before = await siteOf(platform.cookie, brand.id);
    const keys = await answer(
      await generate(platform.cookie, { id: brand.id, version: before.site.version }),
      200,
      SitePushKeysSchema,
    );
    expect(keys).toMatchObject({ id: brand.id, version: before.site.version + 1, host: brand.host });

    const point = bytesOf(keys.public_key);
    expect(point.length).toBe(65);
    expect(point[0]).toBe(0x04);
    expect(keys.public_key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(bytesOf(keys.private_key).length).toBe(32);

    // WebCrypto takes both halves as one key, and what the private half signs the public half verifies.
    const publicKey = await crypto.subtle.importKey("raw", point, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      {
        kty: "EC",
        crv: "P-256",
        x: btoaUrl(point.slice(1, 33)),
        y: btoaUrl(point.slice(33, 65)),
        d: keys.private_key,
      },
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["sign"],
    );
    const data = new TextEncoder().encode("a push message");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, privateKey, data);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, signature, data)).toBe(true);

    // The push adapter's library signs its VAPID JWT with the pair, and it verifies.
    const { headers } = await vapidHeaders(
      { endpoint: "https://push.example/abc", expirationTime: null, keys: { p256dh: "", auth: "" } },
      { subject: "mailto:support@example.com", publicKey: keys.public_key, privateKey: keys.private_key },
    );
    const jwt = headers.authorization.match(/^vapid t=([^,]+), k=(.+)$/);
    expect(jwt?.[2]).toBe(keys.public_key);
    expect(await verifyJwt(jwt?.[1] ?? "", publicKey)).toBe(true);

    // Saved as the site's push_pub, served at once, a new version.
    const after = await siteOf(platform.cookie, brand.id);
    expect(after.site.settings.push_pub).toBe(keys.public_key);
    expect(after.site.version).toBe(keys.version);
    const served = SettingsSchema.parse(await (await call("/api/settings.php", { host: brand.host })).json());
    expect(served.push_pub).toBe(keys.public_key);

    // Each press makes a new pair.
    const again = await answer(await generate(platform.cookie, { id: brand.id, version: keys.version }), 200, SitePushKeysSchema);
    expect(again.public_key).not.toBe(keys.public_key);
    expect(again.private_key).not.toBe(keys.private_key);
  });

  it("the private key is in no audit line, no site version, no stored settings and no log line", async () => {
    const logged: unknown[][] = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args);
      });
    }
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const keys = await answer(await generate(platform.cookie, { id: brand.id, version: site.version }), 200, SitePushKeysSchema);

    const audit = AuditAnswerSchema.parse(await (await call("/api/staff/audit.php", { cookie: platform.cookie })).json());
    const line = audit.entries.find((e) => e.action === "site_push_key_generated" && e.detail.version === keys.version);
    expect(line?.detail.changes).toEqual([{ path: "push_pub", before: site.settings.push_pub, after: keys.public_key }]);

    const stored = await env.DB.batch([
      env.DB.prepare("SELECT detail AS text FROM staff_audit WHERE site_id = ?").bind(brand.id),
      env.DB.prepare("SELECT settings AS text FROM site_versions WHERE site_id = ?").bind(brand.id),
      env.DB.prepare("SELECT settings AS text FROM sites WHERE id = ?").bind(brand.id),
    ]);
    const texts = stored.flatMap((result) => (result.results as { text: string }[]).map((row) => row.text));
    expect(texts.some((text) => text.includes(keys.public_key))).toBe(true);
    expect(texts.filter((text) => text.includes(keys.private_key))).toEqual([]);
    expect(logged.filter((args) => JSON.stringify(args).includes(keys.private_key))).toEqual([]);
  });

  it("says whether the API worker holds the private key: the demo pair on a loopback host, not a new pair until the secret has it", async () => {
    const loopback = await newBrand(platform, newHost("localhost"));
    const before = await siteOf(platform.cookie, loopback.id);
    expect(before.push_private_key_held).toBe(true);
    await answer(await generate(platform.cookie, { id: loopback.id, version: before.site.version }), 200, SitePushKeysSchema);
    expect((await siteOf(platform.cookie, loopback.id)).push_private_key_held).toBe(false);

    // "Held" means a key that signs for push_pub: the secret's key of an earlier pair is not held.
    const keys = await answer(
      await generate(platform.cookie, { id: loopback.id, version: (await siteOf(platform.cookie, loopback.id)).site.version }),
      200,
      SitePushKeysSchema,
    );
    expect(await vapidKeysMatch(keys.public_key, keys.private_key)).toBe(true);
    expect(await vapidKeysMatch(DEMO_VAPID_PUBLIC_KEY, DEMO_VAPID_PRIVATE_KEY)).toBe(true);
    expect(await vapidKeysMatch(keys.public_key, DEMO_VAPID_PRIVATE_KEY)).toBe(false);
    expect(await vapidKeysMatch(DEMO_VAPID_PUBLIC_KEY, keys.private_key)).toBe(false);
    expect(await vapidKeysMatch("not a key", keys.private_key)).toBe(false);
    expect(await vapidKeysMatch(keys.public_key, "!")).toBe(false);

    // The demo key is refused on other hosts, so a copy at a real host holds nothing.
    const remote = await newBrand(platform);
    expect((await siteOf(platform.cookie, remote.id)).push_private_key_held).toBe(false);
  });

  it("over a version someone else saved meanwhile: 409 settings_changed and nothing stored; parallel presses make one pair", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => generate(platform.cookie, { id: brand.id, version: site.version })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = SitePushKeysSchema.parse(await results.find((r) => r.status === 200)?.json());
    for (const refused of results.filter((r) => r.status === 409)) await errorOf(refused, 409, "settings_changed");
    const after = await siteOf(platform.cookie, brand.id);
    expect(after.site.settings.push_pub).toBe(winner.public_key);
    expect(after.site.version).toBe(site.version + 1);

    await errorOf(await generate(platform.cookie, { id: brand.id, version: site.version }), 409, "settings_changed");
    expect((await siteOf(platform.cookie, brand.id)).site.version).toBe(site.version + 1);
  });

  it("a moderator or host gets 403 staff_role, another site's admin 404, bad bodies 422, no session 401", async () => {
    const brand = await newBrand(platform);
    const { site } = await siteOf(platform.cookie, brand.id);
    for (const role of ["moderator", "host"] as const) {
      const staff = await createHost({ siteId: 1, role });
      await errorOf(await generate(staff.cookie, { id: 1, version: 0 }), 403, "staff_role");
    }
    const siteAdmin = await createHost({ siteId: 1, role: "admin" });
    await errorOf(await generate(siteAdmin.cookie, { id: brand.id, version: site.version }), 404, "not_found");
    await errorOf(await generate(platform.cookie, { id: 999_999, version: 1 }), 404, "not_found");
    for (const body of [{}, { id: "x", version: 1 }, { id: brand.id, version: -1 }, { id: brand.id }]) {
      await errorOf(await generate(platform.cookie, body), 422, "invalid_input");
    }
    await errorOf(await call("/api/staff/site_push_keys.php", { method: "POST", json: { id: brand.id, version: 1 } }), 401);
    // Nothing of it changed the site.
    expect((await siteOf(platform.cookie, brand.id)).site.version).toBe(site.version);
  });
});

function btoaUrl(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
