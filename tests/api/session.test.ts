import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, LogoutAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

describe("POST /api/login.php", () => {
  it("logs a member in with an HttpOnly, SameSite=Lax session cookie and answers the user", async () => {
    const member = await createMember({ credits: 40 });
    const response = await call("/api/login.php", { method: "POST", json: { email: member.email, password: member.password } });
    expect(response.status).toBe(200);
    const { user } = UserAnswerSchema.parse(await response.json());
    expect(user.email).toBe(member.email);
    expect(user.credits).toBe(40);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("marks the cookie Secure behind https", async () => {
    const member = await createMember();
    const response = await call("/api/login.php", {
      method: "POST",
      json: member,
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.headers.getSetCookie().join()).toMatch(/Secure/);
  });

  it("accepts the email in another case and with spaces around it", async () => {
    const member = await createMember();
    const response = await call("/api/login.php", {
      method: "POST",
      json: { email: `  ${member.email.toUpperCase()} `, password: member.password },
    });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong password and an unknown address with the same answer", async () => {
    const member = await createMember();
    const wrong = await call("/api/login.php", { method: "POST", json: { email: member.email, password: "nope" } });
    const unknown = await call("/api/login.php", { method: "POST", json: { email: "nobody@example.com", password: "nope" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(ApiErrorSchema.parse(await wrong.json()).error).toBe("invalid_credentials");
    expect(ApiErrorSchema.parse(await unknown.json()).error).toBe("invalid_credentials");
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("does not log a member in on another site", async () => {
    const member = await createMember({ siteId: 1 });
    const response = await call("/api/login.php", { method: "POST", json: member, host: "127.0.0.1:8787" });
    expect(response.status).toBe(401);
  });

  it("answers missing fields with 422 and a code per field", async () => {
    const response = await call("/api/login.php", { method: "POST", json: { email: "" } });
    expect(response.status).toBe(422);
    const body = ApiErrorSchema.parse(await response.json());
    expect(body.error).toBe("invalid_input");
    expect(body.fields).toMatchObject({ email: expect.any(String), password: "required" });
  });

  it("answers wrong types with 422", async () => {
    const response = await call("/api/login.php", { method: "POST", json: { email: 42, password: ["x"] } });
    expect(response.status).toBe(422);
  });

  it("answers malformed JSON with 400 invalid_json", async () => {
    const response = await call("/api/login.php", {
      method: "POST",
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("invalid_json");
  });

  it("answers a body over 1 MB with 413", async () => {
    const response = await call("/api/login.php", {
      method: "POST",
      body: JSON.stringify({ email: "a@b.c", password: "x".repeat(1024 * 1024 + 10) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("payload_too_large");
  });

  it("never leaks SQL: an injection attempt is just a wrong login", async () => {
    const response = await call("/api/login.php", {
      method: "POST",
      json: { email: "' OR 1=1 --", password: "' OR '1'='1" },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toMatch(/sql|select|sqlite/i);
  });

  it("rate-limits repeated attempts on one address with 429 and retry_after", async () => {
    const member = await createMember();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call("/api/login.php", { method: "POST", json: { email: member.email, password: `wrong${i}` } });
    }
    expect(last!.status).toBe(429);
    const body = ApiErrorSchema.parse(await last!.json());
    expect(body.error).toBe("rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    // Even the right password is refused until the window ends.
    const right = await call("/api/login.php", { method: "POST", json: member });
    expect(right.status).toBe(429);
  });

  it("reads the address as sign-up stores it, and counts failures per address however it is typed", async () => {
    const member = await createMember();
    // Its own IP: the file's other logins share the default one and its limit of 50.
    const headers = { "x-client-ip": `session-${crypto.randomUUID()}` };
    // Capitals, a zero-width space, the domain's trailing dot: the same address (lib/email.ts normaliseEmail).
    const typed = `${member.email.toUpperCase().replace("@", "\u200b@")}.`;
    expect(
      (await call("/api/login.php", { method: "POST", json: { email: typed, password: member.password }, headers })).status,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      await call("/api/login.php", { method: "POST", json: { email: typed, password: `wrong${i}` }, headers });
    }
    // The address under attack is locked whichever spelling the guesses used.
    const right = await call("/api/login.php", { method: "POST", json: member, headers });
    expect(right.status).toBe(429);
  });

  it("refuses a cross-site post", async () => {
    const member = await createMember();
    const response = await call("/api/login.php", { method: "POST", json: member, headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("cross_site");
  });

  it("rotates the session: the cookie sent at login stops working", async () => {
    const member = await createMember();
    const first = await loginAs(member);
    const second = sessionCookie(await call("/api/login.php", { method: "POST", json: member, cookie: first }));
    expect(second).not.toBe(first);
    expect((await call("/api/user.php", { cookie: first })).status).toBe(403);
    expect((await call("/api/user.php", { cookie: second })).status).toBe(200);
  });

  it("answers GET with 405 and an Allow header", async () => {
    const response = await call("/api/login.php");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("method_not_allowed");
  });
});

describe("GET /api/user.php", () => {
  it("answers 403 to a visitor", async () => {
    const response = await call("/api/user.php");
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("not_logged_in");
  });

  it("answers 403 to a made-up session id", async () => {
    expect((await call("/api/user.php", { cookie: "sid=0123456789abcdef" })).status).toBe(403);
  });

  it("answers the member, in the contract's shape", async () => {
    const member = await createMember({ credits: 25 });
    const response = await call("/api/user.php", { cookie: await loginAs(member) });
    const { user } = UserAnswerSchema.parse(await response.json());
    expect(user.profile).toMatchObject({ name: "Tess", country: "NL", city: "Utrecht", gender: "female", fictional: false });
    expect(user.profile.age).toBeGreaterThanOrEqual(35);
    expect(user.credits).toBe(25);
  });

  it("answers 403 once the session has expired", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, member.id)
      .run();
    expect((await call("/api/user.php", { cookie })).status).toBe(403);
  });

  it("does not accept a session of one site on another", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    expect((await call("/api/user.php", { cookie, host: "127.0.0.1" })).status).toBe(403);
  });
});

describe("GET /api/logout.php", () => {
  it("answers 'done', clears the cookie and ends the session", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/logout.php", { cookie });
    expect(LogoutAnswerSchema.parse(await response.json())).toBe("done");
    expect(response.headers.getSetCookie().join()).toMatch(/sid=;.*Max-Age=0/);
    expect((await call("/api/user.php", { cookie })).status).toBe(403);
  });

  it("answers 'done' to a visitor too", async () => {
    expect(await (await call("/api/logout.php")).json()).toBe("done");
  });
});

describe("hardening from the security probe (issue 17)", () => {
  it("holds the login limit under 30 parallel wrong passwords: exactly 10 are checked, 20 refused", async () => {
    const member = await createMember();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/login.php", { method: "POST", json: { email: member.email, password: `wrong-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  }, 30_000);

  it("does not count a right password toward the limit", async () => {
    const member = await createMember();
    for (let i = 0; i < 12; i++) expect((await call("/api/login.php", { method: "POST", json: member })).status).toBe(200);
    expect((await call("/api/login.php", { method: "POST", json: { ...member, password: "wrong" } })).status).toBe(401);
    // Twelve password hashes in a row: slow on a loaded machine, not a timing assertion.
  }, 30_000);

  it("refuses a GET logout whose Origin or Referer is another site when Sec-Fetch-Site is missing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { referer: "https://evil.example/page" },
      { origin: "null" },
    ];
    for (const headers of foreign) {
      const response = await call("/api/logout.php", { cookie, headers });
      expect(response.status).toBe(403);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("cross_site");
    }
    expect((await call("/api/user.php", { cookie })).status).toBe(200);
    // The site's own pages (and the app's server-side calls, which send neither) still log out.
    const own = await call("/api/logout.php", { cookie, headers: { referer: "http://localhost/profile" } });
    expect(own.status).toBe(200);
    expect((await call("/api/user.php", { cookie })).status).toBe(403);
  });

  it("answers a garbage multipart body with a 400, not a 500", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/likes.php", {
      method: "POST",
      cookie,
      body: "--garbage\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=nothing-like-it" },
    });
    expect(response.status).toBe(400);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("invalid_body");
  });

  it("marks personal answers private and never stored", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const path of ["/api/user.php", "/api/chats.php", "/api/likes.php", "/api/notifications.php"]) {
      expect((await call(path, { cookie })).headers.get("cache-control"), path).toMatch(/no-store/);
    }
    expect((await call("/api/likes.php", { cookie })).headers.get("cache-control")).toBe("private, no-store");
  });
});
