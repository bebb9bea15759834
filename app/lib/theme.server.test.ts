import { describe, expect, it } from "vitest";
import { designCookie, templateFor } from "./theme.server";

const withCookie = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { cookie } } : {});

describe("the template a browser sees", () => {
  it("is the site's, unless the development panel switched it on this machine", () => {
    expect(templateFor(withCookie("http://localhost/"), { template: "classic" })).toBe("classic");
    expect(templateFor(withCookie("http://localhost/", "design=social"), { template: "classic" })).toBe("social");
    expect(templateFor(withCookie("http://127.0.0.1:8787/", "design=classic"), { template: "social" })).toBe("classic");
  });

  it("ignores the switch on a public host and an unknown template", () => {
    expect(templateFor(withCookie("https://amora.example/", "design=social"), { template: "classic" })).toBe("classic");
    expect(templateFor(withCookie("http://localhost/", "design=fancy"), { template: "classic" })).toBe("classic");
  });

  it("is switched by an HttpOnly cookie, and reset by expiring it", () => {
    expect(designCookie(withCookie("http://localhost/"), "social")).toMatch(
      /^design=social; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/,
    );
    expect(designCookie(withCookie("https://localhost/"), null)).toMatch(/^design=; .*Max-Age=0.*; Secure$/);
  });
});
