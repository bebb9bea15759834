/**
 * Conversion postbacks (docs/decisions/025-conversion-postbacks.md): the operator's log (GET
 * postbacks.php): filtered and paged, on the development panel's host or with the operator's token.
 * The tests' worker has POSTBACK_ALLOW_PRIVATE = "1", retries at once and times out at 400 ms
 * (vitest.api.config.ts).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PostbackLogAnswerSchema } from "../../contract/schemas";
import { app } from "../../workers/api/index";
import { triggerPostback } from "../../workers/api/domain/postbacks";
import { call, ensureSites } from "./helpers";
import { HOST, newKey, setNetworks, template, memberFrom, settled } from "./postbacks-helpers";

beforeAll(async () => {
  await ensureSites();
  await setNetworks({});
});

describe("GET /api/postbacks.php (the operator's log)", { timeout: 20_000 }, () => {
  const TOKEN = "operator-token-with-at-least-32-characters";
  const asOperator = (path: string, host: string, headers: Record<string, string> = {}) =>
    app.request(
      `http://localhost${path}`,
      { headers: { "x-original-host": host, "x-package-name": "classic", ...headers } },
      { ...env, OPERATOR_TOKEN: TOKEN },
    );

  it("lists this site's postbacks, newest first, filtered and paged, to the development panel's host", async () => {
    await setNetworks({ adnet: { soi: template("refuse", newKey()) } });
    const member = await memberFrom({ network: "adnet" });
    await triggerPostback(env, member.id, "soi");
    await settled(member.id, "soi");
    const response = await call("/api/postbacks.php?status=failed&event=soi&limit=5", { host: HOST });
    expect(response.status).toBe(200);
    const { postbacks } = PostbackLogAnswerSchema.parse(await response.json());
    expect(postbacks.length).toBeGreaterThan(0);
    expect(postbacks.length).toBeLessThanOrEqual(5);
    expect(postbacks.every((p) => p.status === "failed" && p.event === "soi")).toBe(true);
    expect(postbacks[0]!.member_id).toBe(member.id);
    const ids = postbacks.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const older = PostbackLogAnswerSchema.parse(await (await call(`/api/postbacks.php?before=${ids[0]}`, { host: HOST })).json());
    expect(older.postbacks.every((p) => p.id < ids[0]!)).toBe(true);
    // Another site's log holds none of them.
    const other = PostbackLogAnswerSchema.parse(await (await call("/api/postbacks.php", { host: "localhost" })).json());
    expect(other.postbacks.some((p) => p.member_id === member.id)).toBe(false);
  });

  it("answers a public host only to the operator's token; anyone else gets 404", async () => {
    await ensureSites();
    expect((await asOperator("/api/postbacks.php", "amora.example")).status).toBe(404);
    expect((await asOperator("/api/postbacks.php", "amora.example", { authorization: "Bearer wrong" })).status).toBe(404);
    expect((await asOperator("/api/postbacks.php", "amora.example", { authorization: TOKEN })).status).toBe(404);
    const ok = await asOperator("/api/postbacks.php", "amora.example", { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    PostbackLogAnswerSchema.parse(await ok.json());
    // A token shorter than 32 characters never opens it.
    const short = await app.request(
      "http://localhost/api/postbacks.php",
      { headers: { "x-original-host": "amora.example", authorization: "Bearer short" } },
      { ...env, OPERATOR_TOKEN: "short" },
    );
    expect(short.status).toBe(404);
  });

  it("refuses bad parameters with 422", async () => {
    for (const query of ["limit=0", "limit=500", "status=lost", "event=click", "before=-1", "before=abc"]) {
      const response = await call(`/api/postbacks.php?${query}`, { host: HOST });
      expect(response.status, query).toBe(422);
      expect(await response.json()).toMatchObject({ error: "invalid_input" });
    }
  });
});
