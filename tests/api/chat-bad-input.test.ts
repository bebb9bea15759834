/**
 * Chat (issue 6): bad input to every chat call (chats.php, chat.php, messages.php, live.php) answers a
 * JSON 4xx error, never a 500, and writes nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../../contract/schemas";
import { call, ensureSites } from "./helpers";
import { errorOf, messageRows, newKey, send, pair } from "./chat-helpers";

beforeAll(ensureSites);

// =============================================================================================
// Bad input, anywhere

describe("bad input to the chat calls", () => {
  it("always answers a JSON error with a 4xx status, never a 500", async () => {
    const { aCookie, conversation } = await pair();
    const bodies: { body?: BodyInit; type?: string }[] = [
      { body: "{", type: "application/json" },
      { body: "null", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: '"text"', type: "application/json" },
      { body: "12", type: "application/json" },
      { body: '{"conversation":{"$gt":0},"text":["a"],"key":{"a":1}}', type: "application/json" },
      { body: '{"conversation":1e400,"text":"hi","key":"abcdefgh1"}', type: "application/json" },
      { body: '{"conversation":"1; drop table messages"}', type: "application/json" },
      { body: "conversation=&text=&key=", type: "application/x-www-form-urlencoded" },
      { body: "\u0000\uffff", type: "text/plain" },
      {},
    ];
    const calls: [string, string][] = [
      ["POST", "/api/messages.php"],
      ["POST", "/api/messages.php?read=1"],
      ["DELETE", "/api/chat.php"],
    ];
    for (const [method, path] of calls) {
      for (const { body, type } of bodies) {
        const response = await call(path, { method, body, cookie: aCookie, headers: type ? { "content-type": type } : {} });
        const label = `${method} ${path} ${String(body)}`;
        expect(response.status, label).toBeGreaterThanOrEqual(400);
        expect(response.status, label).toBeLessThan(500);
        expect(response.headers.get("content-type"), label).toContain("application/json");
        ApiErrorSchema.parse(await response.json());
      }
    }
    // Bad send bodies around a valid conversation.
    for (const extra of [
      { text: null },
      { text: 5 },
      { text: ["a"] },
      { text: { a: 1 } },
      { text: "hi", key: null },
      { text: "hi", key: 12345678 },
    ]) {
      const response = await send(aCookie, { conversation, key: newKey(), ...extra });
      await errorOf(response, 422, "invalid_input");
    }
    for (const path of [
      "/api/chat.php?profile[]=1",
      "/api/chat.php?profile=%00",
      "/api/chat.php?profile=1e400",
      `/api/messages.php?conversation[]=${conversation}`,
      `/api/messages.php?conversation=${conversation}&before=%27%20or%201=1`,
      "/api/messages.php?conversation=1e400",
    ]) {
      const response = await call(path, { cookie: aCookie });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      ApiErrorSchema.parse(await response.json());
    }
    expect(await messageRows(conversation)).toBe(0);
  });

  it("answers other methods with 405", async () => {
    for (const [method, path] of [
      ["POST", "/api/chats.php"],
      ["PUT", "/api/chat.php"],
      ["PATCH", "/api/messages.php"],
      ["POST", "/api/live.php"],
    ] as const) {
      await errorOf(await call(path, { method }), 405, "method_not_allowed");
    }
  });
});
