/**
 * POST /api/support.php (designed, issue 15): a message to customer service becomes a mail to the
 * site's support address through the outbox, with the sender as Reply-To; bad input is a 422
 * with field codes; five an hour per IP; HTML is text in the mail.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SupportSentSchema } from "../../contract/requests/support";
import { SUPPORT_PER_HOUR } from "../../contract/rules/support";
import { ApiErrorSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, formPost, loginAs } from "./helpers";

beforeAll(ensureSites);

let n = 0;
const newIp = () => `10.16.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

const VALID = { name: "Kim", email: "kim@example.com", topic: "payments", message: "Where are my credits? I paid an hour ago." };

function send(body: unknown, opts: { ip?: string; cookie?: string; host?: string } = {}) {
  return call("/api/support.php", {
    method: "POST",
    json: body,
    cookie: opts.cookie,
    host: opts.host,
    headers: { "x-client-ip": opts.ip ?? newIp() },
  });
}

async function supportMail(reference: string) {
  return env.DB.prepare("SELECT * FROM mail_outbox WHERE kind = 'support' AND subject LIKE ?")
    .bind(`%${reference}%`)
    .first<{ to_address: string; subject: string; html: string; text: string; member_id: number | null; site_id: number }>();
}

async function expectFields(response: Response, fields: Record<string, string>) {
  expect(response.status).toBe(422);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe("invalid_input");
  expect(body.fields).toEqual(fields);
}

describe("POST /api/support.php", () => {
  it("mails the site's support address, with the sender to answer and a reference", async () => {
    const response = await send(VALID);
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { reference } = SupportSentSchema.parse(await response.json());
    expect(reference).toMatch(/^S[0-9A-Z]{4,20}$/);
    const mail = await supportMail(reference);
    expect(mail?.to_address).toBe("support@amora.example");
    expect(mail?.subject).toBe(`[Amora] Payments, credits and premium – message ${reference}`);
    expect(mail?.text).toContain("From: Kim <kim@example.com>");
    expect(mail?.text).toContain(VALID.message);
    expect(mail?.text).toContain("Account: not logged in");
    expect(mail?.member_id).toBeNull();
  });

  it("names a logged-in member's account, and writes to the member's own site", async () => {
    const member = await createMember({ siteId: 2 });
    const cookie = await loginAs(member, "127.0.0.1:8787");
    const response = await send({ ...VALID, email: "someone-else@example.com" }, { cookie, host: "127.0.0.1:8787" });
    expect(response.status).toBe(201);
    const mail = await supportMail(SupportSentSchema.parse(await response.json()).reference);
    expect(mail?.member_id).toBe(member.id);
    expect(mail?.site_id).toBe(2);
    expect(mail?.text).toContain(`#${member.id} ${member.email}`);
    expect(mail?.to_address).not.toBe("support@amora.example");
  });

  it("shows HTML in the message and the name as text", async () => {
    const message = `<script>alert("x")</script> <a href="https://evil.example">click</a>\nsecond line`;
    const response = await send({ ...VALID, name: "<b>Kim</b>", message });
    expect(response.status).toBe(201);
    const mail = await supportMail(SupportSentSchema.parse(await response.json()).reference);
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).not.toContain('<a href="https://evil.example"');
    expect(mail?.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail?.html).toContain("&lt;b&gt;Kim&lt;/b&gt;");
    expect(mail?.text).toContain(message);
  });

  it("takes a form-encoded post too", async () => {
    const response = await call("/api/support.php", {
      ...formPost(VALID),
      headers: { ...formPost(VALID).headers, "x-client-ip": newIp() },
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ["nothing", {}, { name: "required", email: "required", topic: "required", message: "required" }],
    [
      "empty strings",
      { name: " ", email: "", topic: "", message: "   " },
      { name: "required", email: "required", topic: "required", message: "required" },
    ],
    [
      "wrong types",
      { ...VALID, name: 42, email: ["a@b.example"], message: { text: "hi" } },
      { name: "invalid_type", email: "invalid_type", message: "invalid_type" },
    ],
    ["an unknown topic", { ...VALID, topic: "refund-now" }, { topic: "not_allowed" }],
    ["a too short message", { ...VALID, message: "help" }, { message: "too_small" }],
    ["a too long message", { ...VALID, message: "x".repeat(5001) }, { message: "too_big" }],
    ["a too long name", { ...VALID, name: "n".repeat(151) }, { name: "too_big" }],
    ["an address that cannot receive mail", { ...VALID, email: "kim@example" }, { email: "invalid_email" }],
    ["a name with a right-to-left override", { ...VALID, name: "\u202EmiK" }, { name: "invisible_characters" }],
    ["an address with a zero-width space", { ...VALID, email: "k\u200Bim@example.com" }, { email: "invisible_characters" }],
  ])("refuses %s with field codes, and mails nothing", async (_, body, fields) => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'support'").first<{ n: number }>();
    await expectFields(await send(body), fields);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'support'").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("refuses a body that is not JSON, and a GET", async () => {
    const bad = await call("/api/support.php", {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(ApiErrorSchema.parse(await bad.json()).error).toBe("invalid_json");
    expect((await call("/api/support.php")).status).toBe(405);
  });

  it("refuses a cross-site post", async () => {
    const response = await call("/api/support.php", { method: "POST", json: VALID, headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  it(`lets one IP send ${SUPPORT_PER_HOUR} an hour, even all at once; bad input does not count`, async () => {
    const ip = newIp();
    await expectFields(await send({ ...VALID, topic: "x" }, { ip }), { topic: "not_allowed" });
    const answers = await Promise.all(Array.from({ length: SUPPORT_PER_HOUR + 3 }, () => send(VALID, { ip })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUPPORT_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const limited = answers.find((r) => r.status === 429)!;
    const body = ApiErrorSchema.parse(await limited.json());
    expect(body.error).toBe("rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    // Another IP is not limited.
    expect((await send(VALID)).status).toBe(201);
  });
});
