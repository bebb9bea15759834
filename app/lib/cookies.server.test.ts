import { describe, expect, it } from "vitest";
import { signupTarget } from "./cookies.server";

describe("signupTarget", () => {
  it("keeps a path of this site", () => {
    expect(signupTarget("/members/12/chat")).toBe("/members/12/chat");
  });
  it("refuses other sites and places that would loop back into sign-up or login", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/.//evil.example",
      "/signup",
      "/signup?x=1",
      "/login",
      "/logout",
      "/activate/done",
      "",
      null,
    ]) {
      expect(signupTarget(target)).toBeNull();
    }
  });
});
