/**
 * Conversion postbacks (docs/decisions/025-conversion-postbacks.md): the site settings' postback
 * templates are checked when the settings are read (schemes, hosts, macros), and a site with a
 * refused template does not run.
 * The tests' worker has POSTBACK_ALLOW_PRIVATE = "1", retries at once and times out at 400 ms
 * (vitest.api.config.ts).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { StoredSettingsSchema } from "../../contract/schemas";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { call, ensureSites } from "./helpers";
import { HOST, siteSettings, setNetworks } from "./postbacks-helpers";

beforeAll(async () => {
  await ensureSites();
  await setNetworks({});
});

describe("settings: postback templates are checked when the settings are read", () => {
  const parse = (url: string, allow_private_hosts = false) =>
    StoredSettingsSchema.safeParse({
      ...DEMO_SITES[0]!.settings,
      postbacks: { networks: { net: { soi: url } }, allow_private_hosts },
    });
  const problem = (url: string, allow = false) => {
    const result = parse(url, allow);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("accepts http(s) templates on public hosts with known macros", () => {
    expect(problem("https://track.network.example/pb?cid={clickid}&e={event}&a={amount}{currency}")).toBeNull();
    expect(problem("http://track.network.example/{network}/{sub1}/{sub5}")).toBeNull();
  });

  it("refuses other schemes, private and loopback hosts, macros in the host, credentials and unknown macros", () => {
    expect(problem("ftp://track.example/{clickid}")).toBe("not_http");
    expect(problem("javascript:alert(1)")).toBe("not_http");
    expect(problem("not a url")).toBe("invalid_url");
    expect(problem("http://127.0.0.1:8877/pb")).toBe("private_host");
    expect(problem("http://localhost/pb")).toBe("private_host");
    expect(problem("https://10.1.2.3/pb")).toBe("private_host");
    expect(problem("https://192.168.1.1/pb")).toBe("private_host");
    expect(problem("https://169.254.169.254/latest/meta-data")).toBe("private_host");
    expect(problem("https://[::1]/pb")).toBe("private_host");
    expect(problem("https://[fd00::1]/pb")).toBe("private_host");
    expect(problem("https://metadata.internal/pb")).toBe("private_host");
    expect(problem("https://0x7f.1/pb")).toBe("private_host");
    expect(problem("https://user:secret@track.example/pb")).toBe("private_host");
    expect(problem("https://{clickid}.evil.example/pb")).toBe("macro_in_host");
    expect(problem("https://track.example{sub1}/pb")).toBe("macro_in_host");
    expect(problem("https://track.example/pb?p={password}")).toBe("unknown_macro");
    expect(problem(`https://track.example/${"a".repeat(2100)}`)).toBe("too_long");
  });

  it("the demo sites' settings pass", () => {
    for (const site of DEMO_SITES) expect(StoredSettingsSchema.safeParse(site.settings).success, site.host).toBe(true);
  });

  it("lets a loopback receiver through only with allow_private_hosts", () => {
    expect(problem("http://127.0.0.1:8877/pb", true)).toBeNull();
  });

  it("a site with a refused template does not run (503 site_misconfigured), and never shows its postbacks", async () => {
    const broken = {
      ...siteSettings({}),
      domain: "pb-broken.localhost",
      postbacks: { networks: { n: { soi: "file:///etc/passwd" } } },
    };
    await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (62, 'pb-broken.localhost', 0, ?)")
      .bind(JSON.stringify(broken))
      .run();
    const response = await call("/api/settings.php", { host: "pb-broken.localhost" });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "site_misconfigured" });

    await setNetworks({ secretnet: { soi: "https://track.example/pb?key=SECRET&cid={clickid}" } });
    const settings = await (await call("/api/settings.php", { host: HOST })).json();
    expect(JSON.stringify(settings)).not.toContain("SECRET");
    expect(settings).not.toHaveProperty("postbacks");
  });
});
