/**
 * Postbacks in the staff console (issue 28 point 5; docs/decisions/050): who may read them (admins,
 * their own sites), bad input, the counts and the delivery log a page at a time, and the test
 * send to the fake network (tests/fakes/postback-receiver.ts): the exact request, the answer,
 * a refused private host, the timeout, nothing in the log, a line in the audit log, the limit.
 * The tests' worker has POSTBACK_ALLOW_PRIVATE = "1" and times out at 400 ms (vitest.api.config.ts).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PostbackConsoleAnswerSchema, PostbackTestAnswerSchema } from "../../contract/postback-console";
import { POSTBACK_MACROS } from "../../contract/rules/postback-macros";
import type { StoredSettings } from "../../contract/schemas";
import { createDb } from "../../workers/api/db/client";
import { sendTestPostback } from "../../workers/api/domain/postback-console";
import { findSiteById } from "../../workers/api/lib/site";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { answer, count, createHost, errorOf, type SignedInStaff } from "./host-helpers";

const SITE = 71;
const OTHER = 72;
const RECEIVER = env.TEST_POSTBACK_RECEIVER;

async function putSite(id: number, networks: NonNullable<StoredSettings["postbacks"]>["networks"]) {
  const base = DEMO_SITES[0]!.settings;
  const settings = {
    ...base,
    name: `Postback site ${id}`,
    domain: `pbc${id}.localhost`,
    postbacks: { networks, allow_private_hosts: true },
  };
  await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (?, ?, 0, ?)")
    .bind(id, `pbc${id}.localhost`, JSON.stringify(settings))
    .run();
}

const console_ = (cookie: string, query = "") => call(`/api/staff/postbacks.php${query}`, { cookie });
const test = (cookie: string, json: unknown) => call("/api/staff/postback_test.php", { method: "POST", cookie, json });

let admin: SignedInStaff;
let otherAdmin: SignedInStaff;
let members: number[] = [];

/** A postback row as the sender writes it, `minutesAgo` old. */
async function logRow(memberId: number, network: string, event: string, status: string, minutesAgo: number) {
  const at = Date.now() - minutesAgo * 60_000;
  await env.DB.prepare(
    `INSERT INTO postbacks (site_id, member_id, event, network, url, status, attempts, last_status, last_error, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      SITE,
      memberId,
      event,
      network,
      `https://net.example/pb?e=${event}`,
      status,
      2,
      status === "sent" ? 200 : 500,
      status === "sent" ? null : "answered 500",
      at,
      at,
    )
    .run();
}

beforeAll(async () => {
  await ensureSites();
  await putSite(SITE, {
    acme: {
      soi: `${RECEIVER}/pb/ok/{clickid}?s1={sub1}&ev={event}&amt={amount}&cur={currency}&net={network}`,
      sale: `${RECEIVER}/pb/error/{clickid}`,
    },
    slow: { soi: `${RECEIVER}/pb/hang/{clickid}` },
    gone: { doi: `${RECEIVER}/pb/refuse/{clickid}` },
  });
  await putSite(OTHER, { theirs: { soi: "https://their.example/pb?c={clickid}" } });
  [admin, otherAdmin] = await Promise.all([
    createHost({ siteId: SITE, role: "admin" }),
    createHost({ siteId: OTHER, role: "admin" }),
  ]);
  // 60 postbacks of acme (40 sent, 20 failed, one a week old) and one of another network.
  members = [];
  for (let i = 0; i < 61; i++) members.push((await createMember({ siteId: SITE })).id);
  for (let i = 0; i < 60; i++)
    await logRow(members[i]!, "acme", "soi", i < 40 ? "sent" : "failed", i === 0 ? 8 * 24 * 60 : 60 - i);
  await logRow(members[60]!, "oldnet", "doi", "retrying", 1);
}, 60_000);

describe("who may read the console", () => {
  it("refuses moderators and hosts (403 staff_role) and no session (401)", async () => {
    for (const role of ["moderator", "host"] as const) {
      const staff = await createHost({ siteId: SITE, role });
      await errorOf(await console_(staff.cookie), 403, "staff_role");
      await errorOf(await test(staff.cookie, { site: SITE, network: "acme", event: "soi" }), 403, "staff_role");
    }
    await errorOf(await console_(""), 401, "staff_login_required");
    await errorOf(await test("", { site: SITE, network: "acme", event: "soi" }), 401, "staff_login_required");
    const member = await createMember();
    const cookie = await loginAs(member);
    await errorOf(await console_(cookie), 403, "staff_only");
    await errorOf(await test(cookie, { site: SITE, network: "acme", event: "soi" }), 403, "staff_only");
  });

  it("answers 404 for another site's postbacks and tests, and lists only the admin's sites", async () => {
    await errorOf(await console_(otherAdmin.cookie, `?site=${SITE}`), 404, "not_found");
    await errorOf(await test(otherAdmin.cookie, { site: SITE, network: "acme", event: "soi" }), 404, "not_found");
    await errorOf(await console_(admin.cookie, "?site=999999"), 404, "not_found");
    const theirs = await answer(await console_(otherAdmin.cookie), 200, PostbackConsoleAnswerSchema);
    expect(theirs.sites.map((s) => s.id)).toEqual([OTHER]);
    expect(theirs.networks.map((n) => n.name)).toEqual(["theirs"]);
  });
});

describe("the console's page of a network", () => {
  it("lists the networks with templates and the macros from the one list, the counts of the period and the log newest first", async () => {
    const page = await answer(await console_(admin.cookie), 200, PostbackConsoleAnswerSchema);
    expect(page.site.id).toBe(SITE);
    expect(page.macros).toEqual([...POSTBACK_MACROS]);
    expect(page.networks.map((n) => [n.name, n.configured])).toEqual([
      ["acme", true],
      ["slow", true],
      ["gone", true],
      ["oldnet", false],
    ]);
    expect(page.networks[0]?.templates.doi).toBeNull();
    expect(page.network).toBe("acme");
    // The week-old row is outside the default 7 days.
    expect(page.counts).toEqual({ queued: 0, retrying: 0, sent: 39, failed: 20, refused: 0 });
    expect(page.log).toHaveLength(50);
    expect(page.log[0]?.member_id).toBe(members[59]);
    const times = page.log.map((row) => row.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.next_before).toBe(page.log[49]?.id);

    const next = await answer(await console_(admin.cookie, `?before=${page.next_before}`), 200, PostbackConsoleAnswerSchema);
    expect(next.log).toHaveLength(10);
    expect(next.log.at(-1)?.member_id).toBe(members[0]);
    expect(next.next_before).toBeNull();
    const seen = new Set([...page.log, ...next.log].map((row) => row.id));
    expect(seen.size).toBe(60);

    const month = await answer(await console_(admin.cookie, "?days=30"), 200, PostbackConsoleAnswerSchema);
    expect(month.counts.sent).toBe(40);
  });

  it("filters by status and event, and tells when a retrying postback is due", async () => {
    const failed = await answer(await console_(admin.cookie, "?status=failed"), 200, PostbackConsoleAnswerSchema);
    expect(failed.log).toHaveLength(20);
    expect(failed.log.every((row) => row.status === "failed")).toBe(true);
    const doi = await answer(await console_(admin.cookie, "?event=doi"), 200, PostbackConsoleAnswerSchema);
    expect(doi.log).toEqual([]);
    const old = await answer(await console_(admin.cookie, "?network=oldnet"), 200, PostbackConsoleAnswerSchema);
    expect(old.log).toHaveLength(1);
    expect(old.log[0]).toMatchObject({ status: "retrying", attempts: 2, last_status: 500 });
    expect(old.log[0]?.next_attempt_at).toBeGreaterThanOrEqual(old.log[0]!.updated_at);
  });

  it("refuses bad parameters (422 with the field) and an unknown network (404)", async () => {
    for (const [query, field] of [
      ["?status=lost", "status"],
      ["?event=click", "event"],
      ["?days=3", "days"],
      ["?before=-1", "before"],
      ["?site=abc", "site"],
      ["?network=", "network"],
      [`?network=${"n".repeat(65)}`, "network"],
    ] as const) {
      const body = await errorOf(await console_(admin.cookie, query), 422, "invalid_input");
      expect(Object.keys(body.fields ?? {}), query).toContain(field);
    }
    await errorOf(await console_(admin.cookie, "?network=nobody"), 404, "not_found");
    await errorOf(await console_(admin.cookie, `?site=${SITE}&network=theirs`), 404, "not_found");
  });
});

describe("a test send", { timeout: 20_000 }, () => {
  it("sends the filled template once and answers the exact request and the network's answer (200), writing no postback", async () => {
    const before = await count("SELECT count(*) AS n FROM postbacks WHERE site_id = ?", SITE);
    const result = await answer(
      await test(admin.cookie, { site: SITE, network: "acme", event: "soi" }),
      200,
      PostbackTestAnswerSchema,
    );
    expect(result.outcome).toBe("answered");
    expect(result.sample.clickid).toMatch(/^test-[0-9a-f]{8}$/);
    expect(result.request).toEqual({
      method: "GET",
      url: `${RECEIVER}/pb/ok/${result.sample.clickid}?s1=test-sub1&ev=soi&amt=&cur=&net=acme`,
      headers: [["User-Agent", "dating-postbacks/1"]],
    });
    expect(result.response?.status).toBe(200);
    expect(result.response?.body).toBe('{"ok":true}');
    expect(result.response?.headers).toContainEqual(["content-type", expect.stringContaining("application/json")]);
    expect(result.verdict).toBe("sent");
    const hits = (await (await fetch(`${RECEIVER}/_hits/${result.sample.clickid}`)).json()) as unknown[];
    expect(hits).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM postbacks WHERE site_id = ?", SITE)).toBe(before);
    const audit = await env.DB.prepare(
      "SELECT action, detail FROM staff_audit WHERE staff_id = ? AND action = 'postback_test' ORDER BY id DESC",
    )
      .bind(admin.id)
      .first<{ action: string; detail: string }>();
    expect(JSON.parse(audit!.detail)).toMatchObject({ network: "acme", event: "soi", outcome: "answered", status: 200 });
  });

  it("fills a sale with the sample amount and currency; a 500 is an answer a real postback would retry", async () => {
    const result = await answer(
      await test(admin.cookie, { site: SITE, network: "acme", event: "sale" }),
      200,
      PostbackTestAnswerSchema,
    );
    expect(result.sample).toMatchObject({ amount: "9.99", currency: "EUR", event: "sale", network: "acme" });
    expect(result).toMatchObject({
      outcome: "answered",
      verdict: "retrying",
      response: { status: 500, body: '{"error":"boom"}' },
    });
  });

  it("a 403 is a failure, a network that does not answer is a timeout", async () => {
    const refused = await answer(
      await test(admin.cookie, { site: SITE, network: "gone", event: "doi" }),
      200,
      PostbackTestAnswerSchema,
    );
    expect(refused).toMatchObject({ outcome: "answered", verdict: "failed", response: { status: 403 } });
    const slow = await answer(
      await test(admin.cookie, { site: SITE, network: "slow", event: "soi" }),
      200,
      PostbackTestAnswerSchema,
    );
    expect(slow).toMatchObject({ outcome: "timeout", response: null, verdict: "retrying" });
    expect(slow.duration_ms).toBeGreaterThanOrEqual(300);
  });

  it("refuses a private host where the worker does not allow it (production: POSTBACK_ALLOW_PRIVATE off), and says why", async () => {
    // A settings' private host needs the site's allow_private_hosts (checked when stored) and the
    // worker's var; the tests' worker has the var on, so the domain is called with it off.
    const site = await findSiteById(createDb(env.DB), SITE);
    const sent: string[] = [];
    const fetcher = (async (input: RequestInfo | URL) => {
      sent.push(String(input));
      return new Response("ok");
    }) as typeof fetch;
    const result = await sendTestPostback(
      createDb(env.DB),
      { ...env, POSTBACK_ALLOW_PRIVATE: "0" },
      admin.id,
      site!,
      "acme",
      "soi",
      site!.settings.postbacks!.networks.acme!.soi!,
      fetcher,
    );
    expect(result).toMatchObject({ outcome: "refused", refused: "private_host", response: null, verdict: null, duration_ms: 0 });
    expect(result.request.url).toContain(`/pb/ok/${result.sample.clickid}`);
    expect(sent).toEqual([]);
  });

  it("refuses bad input: empty, unknown network (404), unknown event, no template for the event", async () => {
    const empty = await errorOf(await test(admin.cookie, {}), 422, "invalid_input");
    expect(Object.keys(empty.fields ?? {})).toEqual(expect.arrayContaining(["site", "network", "event"]));
    await errorOf(await test(admin.cookie, { site: SITE, network: "nobody", event: "soi" }), 404, "not_found");
    await errorOf(await test(admin.cookie, { site: SITE, network: "oldnet", event: "doi" }), 404, "not_found");
    const event = await errorOf(await test(admin.cookie, { site: SITE, network: "acme", event: "click" }), 422, "invalid_input");
    expect(Object.keys(event.fields ?? {})).toEqual(["event"]);
    const none = await errorOf(
      await test(admin.cookie, { site: SITE, network: "acme", event: "doi" }),
      422,
      "postback_no_template",
    );
    expect(none.fields).toEqual({ event: "postback_no_template" });
    await errorOf(await test(admin.cookie, { site: "x", network: "a b", event: "soi" }), 422, "invalid_input");
  });

  it("allows ten tests a minute per staff member, however many are sent at once", async () => {
    const tester = await createHost({ siteId: SITE, role: "admin" });
    const results = await Promise.all(
      Array.from({ length: 14 }, () => test(tester.cookie, { site: SITE, network: "acme", event: "soi" })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const limited = results.find((r) => r.status === 429)!;
    const body = await errorOf(limited, 429, "rate_limited");
    expect(body.retry_after).toBeGreaterThan(0);
    // Another member of staff is not held back by it.
    await answer(await test(admin.cookie, { site: SITE, network: "acme", event: "soi" }), 200, PostbackTestAnswerSchema);
  });
});
