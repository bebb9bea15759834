import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { NotificationsAnswerSchema } from "../../app/lib/api/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

describe("notifications", () => {
  it("lists new likes and account notices newest first, and marks them all read", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const annCookie = await loginAs(ann);
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)").bind(ann.id, Date.now() - 60_000).run();
    await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie: await loginAs(bob) });

    const before = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: annCookie })).json());
    expect(before.notifications.map((n) => n.type)).toEqual(["like", "account"]);
    expect(before.unread).toBe(2);
    const like = before.notifications[0]!;
    expect(like.type === "like" && like.profile.id).toBe(bob.id);

    const read = await call("/api/notifications.php", { method: "POST", json: { read: "all" }, cookie: annCookie });
    expect(await read.json()).toEqual({ unread: 0 });
    const after = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: annCookie })).json());
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
  });

  it("is for members only, and takes only read: all", async () => {
    expect((await call("/api/notifications.php")).status).toBe(403);
    const cookie = await loginAs(await createMember());
    expect((await call("/api/notifications.php", { method: "POST", json: { read: "some" }, cookie })).status).toBe(422);
    expect((await call("/api/notifications.php", { method: "POST", body: "{", headers: { "content-type": "application/json" }, cookie })).status).toBe(400);
  });

  it("never shows another member's notices", async () => {
    const ann = await createMember();
    const eve = await createMember();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)").bind(ann.id, Date.now()).run();
    const answer = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: await loginAs(eve) })).json());
    expect(answer.notifications).toEqual([]);
  });
});
