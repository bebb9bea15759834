/**
 * Chat (issue 6): the live connection (GET live.php): who may open it, and the events a member's open
 * socket receives when a message arrives or is read, or the other member types (POST typing.php, issue 27).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MessagesReadSchema, TypingAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { errorOf, answer, sendOk, markRead, pair } from "./chat-helpers";

beforeAll(ensureSites);

/** A member's open socket: the events it heard, and a wait for the next one. */
async function open(cookie: string) {
  const response = await call("/api/live.php", {
    cookie,
    headers: { upgrade: "websocket", origin: "http://localhost:8787" },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  expect(socket).toBeTruthy();
  socket!.accept();
  const events: unknown[] = [];
  const waiters: (() => void)[] = [];
  socket!.addEventListener("message", (event) => {
    events.push(typeof event.data === "string" && event.data.startsWith("{") ? JSON.parse(event.data) : event.data);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = (ms = 3000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { socket: socket!, events, next };
}

// =============================================================================================
// live.php

describe("the live connection (GET /api/live.php)", () => {
  it("answers 426 without an upgrade, 403 for visitors and for cross-site requests", async () => {
    const a = await createMember();
    const cookie = await loginAs(a);
    await errorOf(await call("/api/live.php", { cookie }), 426, "upgrade_required");
    await errorOf(await call("/api/live.php", { cookie, headers: { upgrade: "h2c" } }), 426, "upgrade_required");
    await errorOf(await call("/api/live.php", { headers: { upgrade: "websocket" } }), 403, "not_logged_in");
    await errorOf(await call("/api/live.php"), 403, "not_logged_in");
    await errorOf(
      await call("/api/live.php", { cookie, headers: { upgrade: "websocket", "sec-fetch-site": "cross-site" } }),
      403,
      "cross_site",
    );
    // Only this site's pages may listen: another origin, or none, is refused.
    await errorOf(
      await call("/api/live.php", { cookie, headers: { upgrade: "websocket", origin: "https://evil.example" } }),
      403,
      "cross_site",
    );
    await errorOf(await call("/api/live.php", { cookie, headers: { upgrade: "websocket" } }), 403, "cross_site");
  });

  it("a message from B reaches A's open socket as an event; a read too; other members hear nothing", {
    timeout: 15_000,
  }, async () => {
    const { aCookie, bCookie, conversation } = await pair();
    const outsider = await createMember();
    const outsiderCookie = await loginAs(outsider);

    const aLive = await open(aCookie);
    const outsiderLive = await open(outsiderCookie);

    // The keep-alive ping is answered.
    let waiting = aLive.next();
    aLive.socket.send("ping");
    await waiting;
    expect(aLive.events).toEqual(["pong"]);
    aLive.events.length = 0;

    waiting = aLive.next();
    const sent = await sendOk(bCookie, conversation, "live!");
    await waiting;
    expect(aLive.events).toEqual([{ type: "message", conversation, id: sent.message.id }]);
    // Only "something changed": never the text.
    expect(JSON.stringify(aLive.events)).not.toContain("live!");

    waiting = aLive.next();
    await answer(await markRead(aCookie, { conversation }), 200, MessagesReadSchema);
    await waiting;
    expect(aLive.events[1]).toEqual({ type: "read", conversation });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsiderLive.events).toEqual([]);
    aLive.socket.close(1000, "done");
    outsiderLive.socket.close(1000, "done");
  });

  it("the other member typing reaches the open socket (typing.php); nothing for a blocked pair or a stranger's conversation", {
    timeout: 15_000,
  }, async () => {
    const { b, aCookie, bCookie, conversation } = await pair();
    const aLive = await open(aCookie);
    const typing = (cookie: string, body: unknown) => call("/api/typing.php", { method: "POST", cookie, json: body });

    const waiting = aLive.next();
    await answer(await typing(bCookie, { conversation }), 200, TypingAnswerSchema);
    await waiting;
    expect(aLive.events).toEqual([{ type: "typing", conversation }]);

    // Bad input, a conversation that is not the caller's, no session.
    await errorOf(await typing(bCookie, { conversation: "x" }), 422, "invalid_input");
    await errorOf(await typing(bCookie, {}), 422, "invalid_input");
    const stranger = await loginAs(await createMember());
    await errorOf(await typing(stranger, { conversation }), 404, "conversation_not_found");
    await errorOf(await typing("", { conversation }), 403, "not_logged_in");

    // After A blocks B, B's typing is not heard.
    aLive.events.length = 0;
    const blocked = await call("/api/blocks.php", { method: "POST", cookie: aCookie, json: { profile: b.id } });
    expect(blocked.status).toBeLessThan(300);
    await answer(await typing(bCookie, { conversation }), 200, TypingAnswerSchema);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(aLive.events).toEqual([]);
    aLive.socket.close(1000, "done");
  });
});
