import { describe, expect, it } from "vitest";
import { isUnreadableFormPost } from "./form-body.server";

const post = (path: string, type?: string) =>
  new Request(`http://localhost:8787${path}`, { method: "POST", headers: type ? { "content-type": type } : {}, body: "x" });

describe("form posts only (issue 25, point 18)", () => {
  it("refuses JSON, text and a missing type, and multipart without its boundary", () => {
    expect(isUnreadableFormPost(post("/login", "application/json"))).toBe(true);
    expect(isUnreadableFormPost(post("/login.data", "application/json"))).toBe(true);
    expect(isUnreadableFormPost(post("/login", "text/plain"))).toBe(true);
    expect(isUnreadableFormPost(new Request("http://localhost:8787/login", { method: "POST" }))).toBe(true);
    expect(isUnreadableFormPost(post("/signup", "multipart/form-data"))).toBe(true);
  });

  it("lets forms, reads and the browser's JSON calls through", () => {
    expect(isUnreadableFormPost(post("/login", "application/x-www-form-urlencoded"))).toBe(false);
    expect(isUnreadableFormPost(post("/login", "application/x-www-form-urlencoded;charset=UTF-8"))).toBe(false);
    expect(isUnreadableFormPost(post("/signup", "multipart/form-data; boundary=----x"))).toBe(false);
    expect(isUnreadableFormPost(new Request("http://localhost:8787/login"))).toBe(false);
    expect(isUnreadableFormPost(post("/resources/push-subscription", "application/json"))).toBe(false);
  });
});
