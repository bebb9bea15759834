import { describe, expect, it } from "vitest";
import { PostbackSettingsSchema } from "../contract/schemas";
import { privateAnswers, type Resolve } from "./outbound-dns";

describe("outbound names resolved under Node (issue 25, point 15; ADR 041)", () => {
  // Stands in for DNS (the tests run offline): what public resolvers answer for these names.
  const dns: Record<string, string[]> = {
    "localtest.me": ["127.0.0.1", "::1"],
    "rebind.partner.example": ["8.8.8.8", "10.0.0.7"],
    "track.adnet.example": ["93.184.216.34", "2606:2800:220:1::1"],
  };
  const resolve: Resolve = async (host) => {
    const answer = dns[host];
    if (!answer) throw new Error(`ENOTFOUND ${host}`);
    return answer;
  };

  it("refuses a name whose answer is loopback or private, and names the setting", async () => {
    const networks = {
      adnet: { soi: "https://track.adnet.example/pb?c={clickid}" },
      other: { doi: "https://rebind.partner.example/?c={clickid}" },
    };
    // The schema alone (all a Worker can check) lets the public-looking name through…
    const postbacks = PostbackSettingsSchema.parse({ networks });
    // …the resolved answers do not (localtest.me is refused by name already, in the schema).
    expect(PostbackSettingsSchema.safeParse({ networks: { x: { sale: "https://localtest.me/" } } }).success).toBe(false);
    expect((await privateAnswers({ postbacks }, resolve)).problems).toEqual([
      "postbacks.networks.other.doi: private_host (rebind.partner.example → 10.0.0.7)",
    ]);
    // The same for the partner feed's URL.
    const feed = {
      url: "https://rebind.partner.example/feed",
      fields: {},
      hosts: [],
      timeout_ms: 3000,
      items: "",
      allow_private_hosts: false,
    };
    const partner_feed = { ...feed, fields: { account: "a", name: "n", age: "g", snapshot: "s" } };
    expect((await privateAnswers({ partner_feed }, resolve)).problems).toEqual([
      "partner_feed.url: private_host (rebind.partner.example → 10.0.0.7)",
    ]);
  });

  it("passes public answers, warns (without failing) on names it cannot resolve, and skips allowed private hosts", async () => {
    const postbacks = PostbackSettingsSchema.parse({
      networks: { adnet: { soi: "https://track.adnet.example/?c={clickid}", doi: "https://unknown.example/" } },
    });
    expect(await privateAnswers({ postbacks }, resolve)).toEqual({
      problems: [],
      warnings: ["postbacks.networks.adnet.doi: unknown.example does not resolve here; not checked"],
    });
    const local = PostbackSettingsSchema.parse({
      networks: { dev: { soi: "http://localtest.me:8877/pb" } },
      allow_private_hosts: true,
    });
    expect((await privateAnswers({ postbacks: local }, resolve)).problems).toEqual([]);
  });
});
