import { describe, expect, it } from "vitest";
import { POSTBACK_MACROS } from "../../../contract/rules/postback-macros";
import { DEMO_SITES } from "../seed/sites";
import { bodyStart, networksOf, sampleValues } from "./postback-console";
import { judgeStatus } from "./postbacks";

describe("the postback console's test send (docs/decisions/050)", () => {
  it("fills every macro with a clearly fake value; amount and currency only for a sale, as real sends do", () => {
    const soi = sampleValues("soi", "acme", "ab12cd34");
    expect(Object.keys(soi).sort()).toEqual([...POSTBACK_MACROS].sort());
    expect(soi).toMatchObject({
      clickid: "test-ab12cd34",
      sub1: "test-sub1",
      event: "soi",
      amount: "",
      currency: "",
      network: "acme",
    });
    expect(sampleValues("sale", "acme", "x")).toMatchObject({ amount: "9.99", currency: "EUR", event: "sale" });
  });

  it("reads the first 2 KB of an answer as text and says when there was more", async () => {
    expect(await bodyStart(new Response("ok"))).toEqual({ body: "ok", truncated: false });
    expect(await bodyStart(new Response(null))).toEqual({ body: "", truncated: false });
    const long = await bodyStart(new Response("é".repeat(3000)), 2048);
    expect(new TextEncoder().encode(long.body).length).toBeLessThanOrEqual(2048 + 3);
    expect(long.body.startsWith("éé")).toBe(true);
    expect(long.truncated).toBe(true);
    const exact = await bodyStart(new Response("x".repeat(2048)), 2048);
    expect(exact).toEqual({ body: "x".repeat(2048), truncated: false });
  });

  it("judges an answer as real sends do: 2xx/3xx sent, 5xx/408/429 retried, other 4xx failed", () => {
    expect(judgeStatus(204).result).toBe("sent");
    expect(judgeStatus(302).result).toBe("sent");
    expect(judgeStatus(503).result).toBe("retry");
    expect(judgeStatus(429).result).toBe("retry");
    expect(judgeStatus(404).result).toBe("failed");
  });

  it("lists the settings' networks in their order, then networks only the log names", () => {
    const base = DEMO_SITES[0]!;
    const site = {
      id: 1,
      host: "x.example",
      settings: {
        ...base.settings,
        postbacks: { allow_private_hosts: false, networks: { zeta: { soi: "https://z.example/?c={clickid}" }, alpha: {} } },
      },
    };
    expect(networksOf(site, ["old", "zeta", "apex"])).toEqual([
      { name: "zeta", templates: { soi: "https://z.example/?c={clickid}", doi: null, sale: null }, configured: true },
      { name: "alpha", templates: { soi: null, doi: null, sale: null }, configured: true },
      { name: "apex", templates: { soi: null, doi: null, sale: null }, configured: false },
      { name: "old", templates: { soi: null, doi: null, sale: null }, configured: false },
    ]);
  });
});
