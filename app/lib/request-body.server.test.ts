import { describe, expect, it } from "vitest";
import { discardUnreadBody, readBodyUpTo } from "./request-body.server";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("https://amora.example/x", { method: "POST", body, headers });

describe("readBodyUpTo", () => {
  it("reads a body within the limit", async () => {
    const body = await readBodyUpTo(post("hello"), 10);
    expect(new TextDecoder().decode(body!)).toBe("hello");
  });

  it("refuses a declared length past the limit without reading", async () => {
    const request = post("x".repeat(20), { "content-length": "20" });
    expect(await readBodyUpTo(request, 10)).toBeNull();
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses a streamed body once it passes the limit", async () => {
    expect(await readBodyUpTo(post("x".repeat(11)), 10)).toBeNull();
  });
});

describe("discardUnreadBody", () => {
  it("reads what is left, and leaves a used body alone", async () => {
    const unread = post("abc");
    await discardUnreadBody(unread);
    expect(unread.bodyUsed).toBe(true);
    const used = post("abc");
    await used.text();
    await expect(discardUnreadBody(used)).resolves.toBeUndefined();
  });
});
