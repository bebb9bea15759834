import { describe, expect, it } from "vitest";
import { consoleHref, consoleQuery } from "./postback-console";

describe("the postback console's address", () => {
  it("keeps the parameters the API takes and drops bad ones", () => {
    const params = new URLSearchParams("site=3&net=acme.net&status=failed&event=sale&before=120&days=30&x=1");
    expect(consoleQuery(params)).toEqual({
      site: "3",
      network: "acme.net",
      status: "failed",
      event: "sale",
      before: "120",
      days: "30",
    });
    const bad = new URLSearchParams("site=0&net=a%20b&network=acme&status=lost&event=click&before=-2&days=3");
    expect(consoleQuery(bad)).toEqual({});
    expect(consoleQuery(new URLSearchParams(`net=${"n".repeat(65)}&site=1e3`))).toEqual({});
  });

  it("links with the given parameters only", () => {
    expect(consoleHref({ site: 2, network: "acme", status: "", event: undefined, before: null })).toBe(
      "/staff/postbacks?site=2&network=acme",
    );
    expect(consoleHref({})).toBe("/staff/postbacks");
  });
});
