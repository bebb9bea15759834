/**
 * The account lifecycle (issue 4): bad input to mail_change.php, DELETE/PUT user.php and
 * user_export.php answers a JSON 4xx error, never a 500, and changes nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { MAIL_CHANGE, errorOf, me, mails } from "./account-lifecycle-helpers";

beforeAll(ensureSites);

// Bad input, anywhere

describe("bad input to the new calls", () => {
  it("always answers a JSON error with a 4xx status, never a 500", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const bodies: { body?: BodyInit; type?: string }[] = [
      { body: "{", type: "application/json" },
      { body: "null", type: "application/json" },
      { body: "[]", type: "application/json" },
      { body: '"text"', type: "application/json" },
      { body: "12", type: "application/json" },
      { body: '{"email":{"$gt":""},"password":{"a":1},"token":[1,2]}', type: "application/json" },
      { body: "email=&password=", type: "application/x-www-form-urlencoded" },
      { body: "\u0000\uffff", type: "text/plain" },
      {},
    ];
    const calls: [string, string][] = [
      ["POST", MAIL_CHANGE],
      ["POST", `${MAIL_CHANGE}?do=1`],
      ["DELETE", "/api/user.php"],
      ["PUT", "/api/user.php"],
    ];
    for (const [method, path] of calls) {
      for (const { body, type } of bodies) {
        // An empty PUT is a valid no-op update.
        if (method === "PUT" && body === undefined) continue;
        const response = await call(path, { method, body, cookie, headers: type ? { "content-type": type } : {} });
        const label = `${method} ${path} ${String(body)}`;
        expect(response.status, label).toBeGreaterThanOrEqual(400);
        expect(response.status, label).toBeLessThan(500);
        ApiErrorSchema.parse(await response.json());
        // The password limit must not end the sweep early.
        await env.DB.prepare("DELETE FROM rate_limits WHERE key = ?").bind(`password:member:${member.id}`).run();
      }
    }
    // Still there, unchanged.
    expect((await me(cookie)).email).toBe(member.email);
    expect(await mails(member.id, "mail_change")).toHaveLength(0);
  });

  it("answers other methods with 405", async () => {
    for (const [method, path] of [
      ["PATCH", MAIL_CHANGE],
      ["DELETE", MAIL_CHANGE],
      ["POST", "/api/user_export.php"],
    ] as const) {
      await errorOf(await call(path, { method }), 405, "method_not_allowed");
    }
  });
});
