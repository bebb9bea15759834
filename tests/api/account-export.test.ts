/**
 * The account lifecycle (issue 4): the data export (GET user_export.php): everything about the member,
 * nothing about anyone else.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DataExportSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { SITE2, errorOf, memberRow, largeKey, addImages, like, subscribe } from "./account-lifecycle-helpers";

beforeAll(ensureSites);

// Export

describe("the data export (GET /api/user_export.php)", () => {
  it("answers everything about the member as a JSON download, and nothing about anyone else", async () => {
    const ann = await createMember({ credits: 77 });
    const bob = await createMember({ credits: 33 });
    const annCookie = await loginAs(ann);
    const bobCookie = await loginAs(bob);
    await env.DB.prepare("UPDATE members SET trafficsource = ?, search_filters = ?, personal = ? WHERE id = ?")
      .bind(JSON.stringify({ network: "adnet" }), JSON.stringify({ country: "NL" }), JSON.stringify({ about: "Hello" }), ann.id)
      .run();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)")
      .bind(ann.id, Date.now())
      .run();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'email_changed', ?)")
      .bind(bob.id, Date.now())
      .run();
    await env.DB.prepare(
      "INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, -5, 'bobs_secret_purchase', ?, ?)",
    )
      .bind(bob.id, `bob-secret:${bob.id}`, Date.now())
      .run();
    const annKeys = await addImages(ann.id, 2);
    const bobKeys = await addImages(bob.id, 1);
    await subscribe(annCookie, "push.ann.example");
    await subscribe(bobCookie, "push.bob.example");
    expect((await like(annCookie, bob.id)).status).toBe(200);
    expect((await like(bobCookie, ann.id)).status).toBe(200);

    const response = await call("/api/user_export.php", { cookie: annCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = DataExportSchema.parse(JSON.parse(text));

    expect(data.site).toBe("Amora");
    expect(Date.parse(data.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.account).toMatchObject({
      id: ann.id,
      email: ann.email,
      status: "active",
      language: "en",
      paid_user: false,
      trafficsource: { network: "adnet" },
      last_search: { country: "NL" },
      push_kinds: { messages: true, likes: true, news: false },
    });
    expect(data.profile).toMatchObject({
      name: "Tess",
      gender: "female",
      date_of_birth: "1990-06-15",
      country: "NL",
      city: "Utrecht",
    });
    expect(data.profile.personal).toEqual({ about: "Hello" });

    expect(data.photos.map((p) => p.thumbnail_url)).toEqual(annKeys.map((k) => `http://localhost:8787/api/images/${k}`));
    expect(data.photos.map((p) => p.large_url)).toEqual(annKeys.map((k) => `http://localhost:8787/api/images/${largeKey(k)}`));
    expect(data.photos.map((p) => p.main)).toEqual([true, false]);
    for (const photo of data.photos) expect(new URL(photo.thumbnail_url).protocol).toBe("http:");

    expect(data.likes.given).toEqual([expect.objectContaining({ profile_id: bob.id, name: "Tess" })]);
    expect(data.likes.received).toEqual([expect.objectContaining({ profile_id: bob.id, name: "Tess" })]);
    expect(data.messages_sent).toEqual([]);
    expect(data.credits.balance).toBe(77);
    expect(data.credits.ledger).toEqual([expect.objectContaining({ amount: 77, reason: "test" })]);
    expect(data.notices.map((n) => n.kind)).toEqual(["welcome"]);
    expect(data.push_subscriptions).toEqual([expect.objectContaining({ service: "push.ann.example" })]);
    expect(data.sessions).toHaveLength(1);

    // Nothing of Bob's but his id and name as the other side of a like.
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bobKeys[0]!);
    expect(text).not.toContain("push.bob.example");
    expect(text).not.toContain("bobs_secret_purchase");
    expect(text).not.toContain("email_changed");
    // Nor any secret of Ann's own.
    const row = await memberRow(ann.id);
    expect(text).not.toContain(String(row.password_hash));
    expect(text).not.toContain(String(row.password_salt));

    // And Bob's export holds his own.
    const bobData = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie: bobCookie })).json());
    expect(bobData.account.email).toBe(bob.email);
    expect(bobData.account.id).toBe(bob.id);
    expect(bobData.photos.map((p) => p.thumbnail_url)).toEqual([`http://localhost:8787/api/images/${bobKeys[0]}`]);
    expect(bobData.credits.balance).toBe(28);
    expect(JSON.stringify(bobData)).not.toContain(ann.email);
  });

  it("uses the origin the member came from for photo URLs (https, the second site)", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, SITE2);
    const [key] = await addImages(member.id, 1);
    const response = await call("/api/user_export.php", { cookie, host: SITE2, headers: { "x-forwarded-proto": "https" } });
    expect(response.status).toBe(200);
    const data = DataExportSchema.parse(await response.json());
    expect(data.site).toBe("Zilverhart");
    expect(data.photos[0]!.thumbnail_url).toBe(`https://127.0.0.1/api/images/${key}`);
  });

  it("exports a member with nothing stored but the account", async () => {
    const member = await createMember();
    const data = DataExportSchema.parse(await (await call("/api/user_export.php", { cookie: await loginAs(member) })).json());
    expect(data.photos).toEqual([]);
    expect(data.likes).toEqual({ given: [], received: [] });
    expect(data.credits).toEqual({ balance: 0, ledger: [] });
    expect(data.account.trafficsource).toBeNull();
    expect(data.account.last_search).toBeNull();
  });

  it("is for logged-in members only", async () => {
    await errorOf(await call("/api/user_export.php"), 403, "not_logged_in");
    await errorOf(await call("/api/user_export.php", { cookie: "sid=forged" }), 403, "not_logged_in");
  });
});
