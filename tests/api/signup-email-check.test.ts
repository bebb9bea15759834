/**
 * Sign-up, before the form is sent: the csrf token (GET csrf.php) and the address check (GET
 * validate_email.php): its answers, its token, and its per-IP limit.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, CsrfAnswerSchema, EmailCheckSchema } from "../../contract/schemas";
import { call, createMember, ensureSites } from "./helpers";
import { SITE1, SITE2, newIp, freshEmail, checkEmail, expectError } from "./signup-helpers";

beforeAll(ensureSites);

describe("GET /api/csrf.php", () => {
  it("answers a fresh token that is never cached", async () => {
    const first = await call("/api/csrf.php");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("no-store");
    const { csrf } = CsrfAnswerSchema.parse(await first.json());
    expect(csrf.length).toBeGreaterThan(20);
    // A token per form: a later call gives another (the expiry is part of it).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = CsrfAnswerSchema.parse(await (await call("/api/csrf.php")).json()).csrf;
    expect(second).not.toBe(csrf);
  });

  it("refuses to sign anything on a public host without SIGNING_SECRET (the development secret is for this machine only)", async () => {
    const { app } = await import("../../workers/api/index");
    const forged = await app.request(
      "https://dating-api.example.workers.dev/api/csrf.php",
      { headers: { "x-original-host": "localhost", "x-package-name": "classic" } },
      env,
    );
    expect(forged.status).toBe(503);
    expect(ApiErrorSchema.parse(await forged.json()).error).toBe("site_misconfigured");
    const configured = await app.request(
      "https://dating.example.com/api/csrf.php",
      { headers: { "x-original-host": "dating.example.com", "x-package-name": "classic" } },
      { ...env, SIGNING_SECRET: "a-real-secret-of-at-least-thirty-two-characters" },
    );
    expect(configured.status).toBe(200);
  });
});

describe("GET /api/validate_email.php", () => {
  it("answers 'new' with a token for a fresh address, and no-store", async () => {
    const email = freshEmail();
    const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, {
      headers: { "x-client-ip": newIp() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const check = EmailCheckSchema.parse(await response.json());
    expect(check).toMatchObject({ status: "new", email, request_email: email });
    expect(check.token).not.toBe("");
  });

  it("corrects a mistyped domain, trims and lower-cases, and echoes the typed address", async () => {
    const check = await checkEmail("Kim@GMIAL.com ");
    expect(check.status).toBe("new");
    expect(check.email).toBe("kim@gmail.com");
    expect(check.request_email).toBe("Kim@GMIAL.com ");
    expect(check.token).not.toBe("");
  });

  it.each(["a@b.invalid", "nobody@localhost", "no-at-sign.example.com", "two@@example.com"])(
    "answers 'invalid' without a token for %s",
    async (email) => {
      const check = await checkEmail(email);
      expect(check.status).toBe("invalid");
      expect(check.token).toBe("");
    },
  );

  it("answers 'active' for an existing member, without a token", async () => {
    const member = await createMember();
    const check = await checkEmail(member.email.toUpperCase());
    expect(check).toMatchObject({ status: "active", token: "", email: member.email });
  });

  it("answers the stored status 'not_confirmed' and 'deleted'", async () => {
    const member = await createMember();
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(member.id).run();
    expect((await checkEmail(member.email)).status).toBe("not_confirmed");
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(member.id).run();
    const deleted = await checkEmail(member.email);
    expect(deleted.status).toBe("deleted");
    expect(deleted.token).toBe("");
  });

  it("answers an address that has an account on another site only as 'new' on this one", async () => {
    const member = await createMember({ siteId: 2 });
    expect((await checkEmail(member.email, { host: SITE1 })).status).toBe("new");
    expect((await checkEmail(member.email, { host: SITE2 })).status).toBe("active");
  });

  it("answers an empty or missing address with 422 required", async () => {
    const ip = newIp();
    await expectError(await call("/api/validate_email.php?email=", { headers: { "x-client-ip": ip } }), 422, "invalid_input", {
      email: "required",
    });
    await expectError(
      await call("/api/validate_email.php?email=%20%20", { headers: { "x-client-ip": ip } }),
      422,
      "invalid_input",
      {
        email: "required",
      },
    );
    await expectError(await call("/api/validate_email.php", { headers: { "x-client-ip": ip } }), 422, "invalid_input", {
      email: "required",
    });
  });

  it("answers an address over 254 characters with 422", async () => {
    const email = `${"a".repeat(243)}@example.com`; // 255 characters
    expect(email.length).toBe(255);
    const response = await call(`/api/validate_email.php?email=${email}`, { headers: { "x-client-ip": newIp() } });
    await expectError(response, 422, "invalid_input", { email: "too_big" });
  });

  it("allows 100 checks per 15 minutes per IP, then answers 429 with retry_after; other IPs go on", async () => {
    const ip = newIp();
    for (let i = 0; i < 100; i++) {
      const response = await call(`/api/validate_email.php?email=probe${i}@example.com`, { headers: { "x-client-ip": ip } });
      expect(response.status).toBe(200);
    }
    const limited = await call("/api/validate_email.php?email=probe-last@example.com", { headers: { "x-client-ip": ip } });
    const body = await expectError(limited, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(15 * 60);
    const row = await env.DB.prepare("SELECT SUM(count) AS n FROM rate_limits WHERE key = ?")
      .bind(`email-check:ip:${ip}`)
      .first<{ n: number }>();
    expect(row!.n).toBe(100);
    expect((await checkEmail("probe-other@example.com", { ip: newIp() })).status).toBe("new");
  }, 60_000);
});
