import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ActivationStateSchema, ApiErrorSchema, MailboxAnswerSchema } from "../../contract/schemas";
import { createTranslator } from "../../contract/translator";
import { messages } from "../../contract/messages";
import type { ApiContext, ApiSecrets } from "../../workers/api/context";
import { requestScope } from "../../workers/api/lib/request-scope";
import { app } from "../../workers/api/index";
import { signingSecret, signToken } from "../../workers/api/lib/tokens";
import { RESEND_ENDPOINT, resendAdapter } from "../../workers/api/mail/adapters";
import { ACTIVATION_TTL_MS, activationToken, queueActivationMail } from "../../workers/api/mail/activation";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);
afterEach(() => vi.restoreAllMocks());

/** The worker's bindings plus its secrets (set with `wrangler secret put`, so not in `env`'s type). */
type Env = typeof env & ApiSecrets;

/**
 * A tiny app with the API's site middleware and two routes: queue the activation mail (as
 * sign-up does) and make a token for a given moment (to test expiry).
 */
const mailApp = new Hono<ApiContext>()
  .use(requestScope)
  .post("/queue/:id", async (c) => {
    const member = await c.var.db
      .selectFrom("members")
      .select(["id", "email", "name", "language"])
      .where("id", "=", Number(c.req.param("id")))
      .executeTakeFirstOrThrow();
    await queueActivationMail(c, { id: member.id, email: member.email ?? "", name: member.name, language: member.language });
    return c.json({ queued: true });
  })
  .get("/token/:id", async (c) => {
    const member = await c.var.db
      .selectFrom("members")
      .select(["id", "email"])
      .where("id", "=", Number(c.req.param("id")))
      .executeTakeFirstOrThrow();
    return c.text(await activationToken(c, { id: member.id, email: member.email ?? "" }, Number(c.req.query("at"))));
  });

async function queue(memberId: number, options: { host?: string; env?: Partial<Env>; headers?: Record<string, string> } = {}) {
  const response = await mailApp.request(
    `http://localhost/queue/${memberId}`,
    { method: "POST", headers: { "x-original-host": options.host ?? "localhost:8787", ...options.headers } },
    { ...env, ...options.env },
  );
  expect(response.status).toBe(200);
  return newestMail(memberId);
}

async function tokenAt(memberId: number, at: number, host = "localhost:8787") {
  const response = await mailApp.request(
    `http://localhost/token/${memberId}?at=${at}`,
    { headers: { "x-original-host": host } },
    env,
  );
  return response.text();
}

async function newestMail(memberId: number) {
  const row = await env.DB.prepare("SELECT * FROM mail_outbox WHERE member_id = ? ORDER BY id DESC LIMIT 1")
    .bind(memberId)
    .first<{
      id: number;
      site_id: number;
      kind: string;
      to_address: string;
      subject: string;
      html: string;
      text: string;
      delivered_at: number | null;
      failed_at: number | null;
      error: string | null;
    }>();
  if (!row) throw new Error("no mail was written");
  return row;
}

/** A member who has signed up and not yet opened the link. */
async function unconfirmedMember(options: { siteId?: number; language?: string; name?: string } = {}) {
  const member = await createMember({ siteId: options.siteId });
  await env.DB.prepare("UPDATE members SET status = 'not_confirmed', language = ?, name = ? WHERE id = ?")
    .bind(options.language ?? "en", options.name ?? "Tess", member.id)
    .run();
  return member;
}

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/api\/activate\.php\?token=\S+/.exec(text);
  if (!match) throw new Error(`no activation link in:\n${text}`);
  return new URL(match[0]);
}

async function memberRow(id: number) {
  return env.DB.prepare("SELECT status, activated_at FROM members WHERE id = ?")
    .bind(id)
    .first<{ status: string; activated_at: number | null }>();
}

/** The locale whose messages the mail can use: the wanted one once translated, else English. */
function mailLocale(wanted: keyof typeof messages): keyof typeof messages {
  return createTranslator(wanted, messages[wanted]).has("mail.activation.subject") ? wanted : "en";
}

describe("the activation mail", () => {
  it("is written to the outbox, site-branded, in HTML and text, with the link, and delivered by the outbox adapter", async () => {
    const member = await unconfirmedMember();
    const mail = await queue(member.id);
    expect(mail.kind).toBe("activation");
    expect(mail.site_id).toBe(1);
    expect(mail.to_address).toBe(member.email);
    expect(mail.subject).toContain("Amora");
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain("#b0124f");
    expect(mail.html).toContain("Amora");
    expect(mail.html).toContain("Demo Dating B.V.");
    expect(mail.text).toContain("Demo Dating B.V.");
    expect(mail.text).toContain("someone signed up with this address at Amora");

    const link = linkIn(mail.text);
    expect(link.origin).toBe("http://localhost:8787");
    expect(link.pathname).toBe("/api/activate.php");
    expect(mail.html).toContain(`href="${link.href}"`);
    // The outbox row is the delivery.
    expect(mail.delivered_at).not.toBeNull();
    expect(mail.failed_at).toBeNull();
  });

  it("links over https when the app was reached over https", async () => {
    const member = await unconfirmedMember();
    const mail = await queue(member.id, { headers: { "x-forwarded-proto": "https" } });
    expect(linkIn(mail.text).origin).toBe("https://localhost:8787");
  });

  it("never links to a host that is not the site's own", async () => {
    const member = await unconfirmedMember();
    // An unknown host gets the default site; not being loopback, it needs a real signing secret.
    const mail = await queue(member.id, { host: "evil.example", env: { SIGNING_SECRET: "s".repeat(40) } });
    expect(mail.text).not.toContain("evil.example");
    expect(linkIn(mail.text).origin).toBe("https://localhost");
  });

  it("is written in the member's language, else the site's", async () => {
    const dutch = await unconfirmedMember({ language: "nl" });
    const mail = await queue(dutch.id);
    const locale = mailLocale("nl");
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.subject).toBe(createTranslator(locale, messages[locale]).t("mail.activation.subject", { site: "Amora" }));

    const german = await unconfirmedMember({ language: "de" });
    const germanMail = await queue(german.id);
    expect(germanMail.html).toContain(`<html lang="${mailLocale("de")}">`);

    // An unknown member language falls back to the site's (Zilverhart speaks Dutch).
    const unknown = await unconfirmedMember({ siteId: 2, language: "xx" });
    const siteMail = await queue(unknown.id, { host: "127.0.0.1:8787" });
    expect(siteMail.subject).toContain("Zilverhart");
    expect(siteMail.html).toContain(`<html lang="${mailLocale("nl")}">`);
  });

  it("escapes the member's name in the HTML", async () => {
    const member = await unconfirmedMember({ name: `<script>alert("x")</script> & <b>` });
    const mail = await queue(member.id);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;");
    expect(mail.text).toContain(`<script>alert("x")</script> & <b>`); // plain text stays as typed
  });
});

describe("the Resend adapter", () => {
  const resendEnv = { MAIL_ADAPTER: "resend", RESEND_API_KEY: "re_test_123" };

  it("posts the mail to Resend's API with the key, and marks it delivered", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ id: "49a3999c" }));
    const member = await unconfirmedMember();
    const mail = await queue(member.id, { env: resendEnv });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe("https://api.resend.com/emails");
    expect(init?.method).toBe("POST");
    const headers = new Headers(init?.headers);
    expect(headers.get("authorization")).toBe("Bearer re_test_123");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("idempotency-key")).toBe(`mail_outbox/${mail.id}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      from: "Amora <hello@amora.example>",
      to: [member.email],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      reply_to: "support@amora.example",
    });
    expect(mail.delivered_at).not.toBeNull();
    expect(mail.failed_at).toBeNull();
  });

  it("marks the mail failed, with Resend's answer, when Resend refuses it", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }, { status: 422 }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const member = await unconfirmedMember();
    const mail = await queue(member.id, { env: resendEnv });
    expect(mail.delivered_at).toBeNull();
    expect(mail.failed_at).not.toBeNull();
    expect(mail.error).toContain("422");
    expect(mail.error).toContain("validation_error");

    const cookie = await loginAs(member);
    const state = ActivationStateSchema.parse(await (await call("/api/activate.php", { cookie })).json());
    expect(state).toEqual({ delivered: false, status: "failed", activated: false });
  });

  it("marks the mail failed when the network fails or the key is missing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchMock = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost."));
    const member = await unconfirmedMember();
    const lost = await queue(member.id, { env: resendEnv });
    expect(lost.failed_at).not.toBeNull();
    expect(lost.error).toContain("Network connection lost");

    fetchMock.mockClear();
    const noKey = await queue(member.id, { env: { MAIL_ADAPTER: "resend", RESEND_API_KEY: "" } });
    expect(noKey.failed_at).not.toBeNull();
    expect(noKey.error).toContain("RESEND_API_KEY");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is the adapter's own contract too: resolves on 200, throws on 401", async () => {
    const ok = vi.fn<typeof fetch>().mockResolvedValue(Response.json({ id: "x" }));
    await resendAdapter("re_key", ok).send({
      id: 7,
      from: "A <a@b.example>",
      to: "c@d.example",
      subject: "s",
      html: "<p>h</p>",
      text: "t",
    });
    expect(ok.mock.calls[0]![0]).toBe(RESEND_ENDPOINT);
    const refused = vi.fn<typeof fetch>().mockResolvedValue(new Response("unauthorized", { status: 401 }));
    await expect(
      resendAdapter("re_key", refused).send({
        id: 8,
        from: "A <a@b.example>",
        to: "c@d.example",
        subject: "s",
        html: "h",
        text: "t",
      }),
    ).rejects.toThrow("401");
  });
});

describe("GET /api/activate.php (the delivery state, polled by sign-up step 6)", () => {
  it("needs a logged-in member", async () => {
    const response = await call("/api/activate.php");
    expect(response.status).toBe(403);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("not_logged_in");
  });

  it("answers none, then the newest mail's state", async () => {
    const member = await unconfirmedMember();
    const cookie = await loginAs(member);
    const state = async () => ActivationStateSchema.parse(await (await call("/api/activate.php", { cookie })).json());

    expect(await state()).toEqual({ delivered: false, status: "none", activated: false });
    await queue(member.id);
    expect(await state()).toEqual({ delivered: true, status: "delivered", activated: false });

    // A newer mail still on its way (say the member changed the address) is what counts.
    await env.DB.prepare(
      "INSERT INTO mail_outbox (site_id, member_id, kind, to_address, subject, html, text, created_at) VALUES (1, ?, 'activation', ?, 's', 'h', 't', ?)",
    )
      .bind(member.id, member.email, Date.now() + 1000)
      .run();
    expect(await state()).toEqual({ delivered: false, status: "queued", activated: false });
  });
});

describe("GET /api/activate.php?token= (the link in the mail)", () => {
  it("confirms the address and lands on /activate/done, without logging the clicker in", async () => {
    const member = await unconfirmedMember();
    const link = linkIn((await queue(member.id)).text);
    const response = await call(`${link.pathname}${link.search}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/activate/done");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    const cookie = await loginAs(member);
    const row = await memberRow(member.id);
    expect(row?.status).toBe("active");
    expect(row?.activated_at).toEqual(expect.any(Number));

    const state = ActivationStateSchema.parse(await (await call("/api/activate.php", { cookie })).json());
    expect(state.activated).toBe(true);
    const user = await call("/api/user.php", { cookie });
    expect(user.status).toBe(200);
  });

  it("lands on /activate/done again when the link is opened twice", async () => {
    const member = await unconfirmedMember();
    const link = linkIn((await queue(member.id)).text);
    const first = await call(`${link.pathname}${link.search}`);
    const activatedAt = (await memberRow(member.id))?.activated_at;
    const second = await call(`${link.pathname}${link.search}`);
    expect(first.headers.get("location")).toBe("/activate/done");
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe("/activate/done");
    expect(second.headers.getSetCookie()).toEqual([]);
    expect((await memberRow(member.id))?.activated_at).toBe(activatedAt); // the first click's time stays
  });

  it("refuses a tampered, expired, missing or other-purpose token", async () => {
    const member = await unconfirmedMember();
    const token = linkIn((await queue(member.id)).text).searchParams.get("token")!;
    const [payload, mac] = token.split(".");
    const tampered = `${payload}.${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`;
    const expired = await tokenAt(member.id, Date.now() - ACTIVATION_TTL_MS - 1000);
    const otherPurpose = await signToken(signingSecret({}, true), "email-check", { m: member.id, s: 1 }, 60_000);
    for (const bad of [tampered, expired, otherPurpose, "", "nonsense"]) {
      const response = await call(`/api/activate.php?token=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(303);
      expect(response.headers.get("location")).toBe("/activate/error");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect((await memberRow(member.id))?.status).toBe("not_confirmed");
  });

  it("accepts a token that is almost 7 days old", async () => {
    const member = await unconfirmedMember();
    const token = await tokenAt(member.id, Date.now() - ACTIVATION_TTL_MS + 60_000);
    const response = await call(`/api/activate.php?token=${encodeURIComponent(token)}`);
    expect(response.headers.get("location")).toBe("/activate/done");
  });

  it("does not work on another site", async () => {
    const member = await unconfirmedMember({ siteId: 1 });
    const link = linkIn((await queue(member.id)).text);
    const response = await call(`${link.pathname}${link.search}`, { host: "127.0.0.1:8787" });
    expect(response.headers.get("location")).toBe("/activate/error");
    expect((await memberRow(member.id))?.status).toBe("not_confirmed");
  });

  it("does not work for a deleted member, nor after the address was changed", async () => {
    const deleted = await unconfirmedMember();
    const deletedLink = linkIn((await queue(deleted.id)).text);
    await env.DB.prepare("UPDATE members SET status = 'deleted' WHERE id = ?").bind(deleted.id).run();
    const response = await call(`${deletedLink.pathname}${deletedLink.search}`);
    expect(response.headers.get("location")).toBe("/activate/error");
    expect((await memberRow(deleted.id))?.status).toBe("deleted");

    const moved = await unconfirmedMember();
    const oldLink = linkIn((await queue(moved.id)).text);
    await env.DB.prepare("UPDATE members SET email = ? WHERE id = ?").bind(`new-${moved.email}`, moved.id).run();
    const newLink = linkIn((await queue(moved.id)).text);
    expect((await call(`${oldLink.pathname}${oldLink.search}`)).headers.get("location")).toBe("/activate/error");
    expect((await call(`${newLink.pathname}${newLink.search}`)).headers.get("location")).toBe("/activate/done");
  });
});

describe("GET /api/dev/mailbox.php", () => {
  it("lists this site's newest mails, with their links, and only this site's", async () => {
    const ours = await unconfirmedMember({ siteId: 1 });
    const theirs = await unconfirmedMember({ siteId: 2 });
    const ourMail = await queue(ours.id);
    const theirMail = await queue(theirs.id, { host: "127.0.0.1:8787" });

    const response = await call("/api/dev/mailbox.php");
    expect(response.status).toBe(200);
    const { mails } = MailboxAnswerSchema.parse(await response.json());
    expect(mails.length).toBeLessThanOrEqual(50);
    const listed = mails.find((m) => m.id === ourMail.id);
    expect(listed).toMatchObject({ to: ours.email, subject: ourMail.subject, text: ourMail.text, html: ourMail.html });
    expect(listed?.links).toEqual([linkIn(ourMail.text).href]);
    expect(listed?.delivered_at).toEqual(expect.any(Number));
    expect(mails.some((m) => m.id === theirMail.id)).toBe(false);
    expect(mails.map((m) => m.created_at)).toEqual([...mails.map((m) => m.created_at)].sort((a, b) => b - a));

    const other = MailboxAnswerSchema.parse(await (await call("/api/dev/mailbox.php", { host: "127.0.0.1:8787" })).json());
    expect(other.mails.some((m) => m.id === theirMail.id)).toBe(true);
    expect(other.mails.some((m) => m.id === ourMail.id)).toBe(false);
  });

  it("does not exist for a host other than a loopback one", async () => {
    const response = await call("/api/dev/mailbox.php", { host: "dating.example.com" });
    expect(response.status).toBe(404);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("not_found");
  });

  it("does not exist when only the forgeable host header says loopback (the worker's own URL is public)", async () => {
    const response = await app.request(
      "https://dating-api.example.workers.dev/api/dev/mailbox.php",
      { headers: { "x-original-host": "localhost", "x-package-name": "classic" } },
      env,
    );
    expect(response.status).toBe(404);
  });

  it('does not exist when DEV_TOOLS is not "1"', async () => {
    for (const value of ["0", ""]) {
      const response = await app.request(
        "http://localhost/api/dev/mailbox.php",
        { headers: { "x-original-host": "localhost:8787", "x-package-name": "classic" } },
        { ...env, DEV_TOOLS: value },
      );
      expect(response.status).toBe(404);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("not_found");
    }
  });
});
