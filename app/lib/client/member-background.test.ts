import { describe, expect, it } from "vitest";
import { isChatPath, reconnectDelay } from "./member-background";

describe("live chat helpers", () => {
  it("backs off 1, 2, 4 … seconds, at most 30", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
  it("knows an open conversation's path", () => {
    expect(isChatPath("/chats/12")).toBe(true);
    expect(isChatPath("/chats")).toBe(false);
    expect(isChatPath("/chats/12/x")).toBe(false);
    expect(isChatPath("/members/12/chat")).toBe(false);
  });
});
