import { describe, expect, it } from "vitest";
import { typingIn } from "./typing";

describe("typingIn", () => {
  it("reads the conversation of a typing event", () => {
    expect(typingIn(JSON.stringify({ type: "typing", conversation: 12 }))).toBe(12);
  });

  it("is null for every other event and for anything malformed", () => {
    expect(typingIn(JSON.stringify({ type: "message", conversation: 12, id: 3 }))).toBeNull();
    expect(typingIn("pong")).toBeNull();
    expect(typingIn('{"type":"typing"')).toBeNull();
    expect(typingIn(JSON.stringify({ type: "typing", conversation: "12" }))).toBeNull();
    expect(typingIn(new ArrayBuffer(2))).toBeNull();
  });
});
