import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { NotificationsAnswerSchema, ProfileCardSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

describe("notifications", () => {
  it("leaves out the welcome notice once the member has a photo and a text, and likes that do not count (issue 29 points 19, 20)", async () => {
    const ann = await createMember();
    const unconfirmed = await createMember();
    const cookie = await loginAs(ann);
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)")
      .bind(ann.id, Date.now())
      .run();
    await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie: await loginAs(unconfirmed) });
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(unconfirmed.id).run();
    const list = async () =>
      NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie })).json()).notifications;
    // The unconfirmed member's like is not listed (as on /likes and in the badge).
    expect((await list()).map((n) => n.type)).toEqual(["account"]);
    // A text alone, then a photo alone, are not enough.
    await env.DB.prepare(`UPDATE members SET personal = '{"aboutme":"Hello"}' WHERE id = ?`).bind(ann.id).run();
    expect((await list()).map((n) => n.type)).toEqual(["account"]);
    await env.DB.prepare(`UPDATE members SET personal = '{"aboutme":"  "}' WHERE id = ?`).bind(ann.id).run();
    await env.DB.prepare("INSERT INTO images (member_id, filename, position, created_at) VALUES (?, 'x.jpg', 0, ?)")
      .bind(ann.id, Date.now())
      .run();
    expect((await list()).map((n) => n.type)).toEqual(["account"]);
    // Both: onboarding is done, the notice is gone.
    await env.DB.prepare(`UPDATE members SET personal = '{"aboutme":"Hello"}' WHERE id = ?`).bind(ann.id).run();
    expect(await list()).toEqual([]);
  });

  it("lists new likes and account notices newest first, and marks them all read", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const annCookie = await loginAs(ann);
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)")
      .bind(ann.id, Date.now() - 60_000)
      .run();
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
    expect(
      (
        await call("/api/notifications.php", {
          method: "POST",
          body: "{",
          headers: { "content-type": "application/json" },
          cookie,
        })
      ).status,
    ).toBe(400);
  });

  it("never shows another member's notices", async () => {
    const ann = await createMember();
    const eve = await createMember();
    await env.DB.prepare("INSERT INTO notices (member_id, kind, created_at) VALUES (?, 'welcome', ?)")
      .bind(ann.id, Date.now())
      .run();
    const answer = NotificationsAnswerSchema.parse(
      await (await call("/api/notifications.php", { cookie: await loginAs(eve) })).json(),
    );
    expect(answer.notifications).toEqual([]);
  });

  it("shows the newest message of each conversation from the other member, new until read in the chat", async () => {
    const ann = await createMember({ credits: 100 });
    const bob = await createMember({ credits: 100 });
    const annCookie = await loginAs(ann);
    const bobCookie = await loginAs(bob);
    const start = await call(`/api/chat.php?profile=${ann.id}`, { cookie: bobCookie });
    const { id: conversation } = (await start.json()) as { id: number };
    for (const [i, text] of ["first", "second"].entries()) {
      const sent = await call("/api/messages.php", {
        method: "POST",
        json: { conversation, text, key: `notif-key-${i}-${bob.id}` },
        cookie: bobCookie,
      });
      expect(sent.status).toBe(201);
    }
    // Ann's own answer is not a notification for her.
    await call("/api/messages.php", {
      method: "POST",
      json: { conversation, text: "mine", key: `notif-key-ann-${ann.id}` },
      cookie: annCookie,
    });

    const raw = await (await call("/api/notifications.php", { cookie: annCookie })).json();
    // The contract's card and nothing more (the chat's `deleted` flag went out before issue 26's typed answers).
    const rawMessage = (raw as { notifications: { type: string; profile: object }[] }).notifications.find(
      (n) => n.type === "message",
    );
    // (distance_km is the search's alone: ADR 062.)
    const cardKeys = Object.keys(ProfileCardSchema.shape).filter((key) => key !== "distance_km");
    expect(Object.keys(rawMessage?.profile ?? {}).sort()).toEqual(cardKeys.sort());
    const before = NotificationsAnswerSchema.parse(raw);
    const messages = before.notifications.filter((n) => n.type === "message");
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.type === "message" && message.profile.id).toBe(bob.id);
    expect(message.type === "message" && message.conversation).toBe(conversation);
    // Sending her answer marked the conversation seen up to it.
    expect(message.read).toBe(true);

    await call("/api/messages.php", {
      method: "POST",
      json: { conversation, text: "third", key: `notif-key-3-${bob.id}` },
      cookie: bobCookie,
    });
    const unread = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: annCookie })).json());
    expect(unread.notifications.find((n) => n.type === "message")?.read).toBe(false);
    // Reading the notifications does not read the chat; reading the chat does.
    await call("/api/notifications.php", { method: "POST", json: { read: "all" }, cookie: annCookie });
    const still = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: annCookie })).json());
    expect(still.notifications.find((n) => n.type === "message")?.read).toBe(false);
    await call("/api/messages.php?read=1", { method: "POST", json: { conversation }, cookie: annCookie });
    const seen = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: annCookie })).json());
    expect(seen.notifications.find((n) => n.type === "message")?.read).toBe(true);
    // Bob sees no notification of his own messages.
    const bobs = NotificationsAnswerSchema.parse(await (await call("/api/notifications.php", { cookie: bobCookie })).json());
    expect(bobs.notifications.filter((n) => n.type === "message").map((n) => n.type === "message" && n.profile.id)).toEqual([
      ann.id,
    ]);
  });
});
