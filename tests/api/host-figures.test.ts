/**
 * The admin's host figures (issue 27; docs/api.md "Chat hosts", ADR 045 "Figures"): who may read
 * them, their scope, the numbers on known replies (written straight into host_replies, on days of
 * 2020 nothing else touches), the range's bad input, and the CSV download's escaping.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HostFiguresAnswerSchema } from "../../contract/host-figures";
import { StoredSettingsSchema } from "../../contract/schemas";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { answer, createHost, createProfile, createStaff, errorOf, insertWaiting, type SignedInStaff } from "./host-helpers";

const MIN = 60_000;
const DAY10 = Date.UTC(2020, 0, 10);
const DAY11 = Date.UTC(2020, 0, 11);
const FORMULA_NAME = '=HYPERLINK("http://evil.example","x")';

const figures = (cookie: string | undefined, query = "from=2020-01-10&to=2020-01-11") =>
  call(`/api/staff/host_figures.php?${query}`, { cookie });

async function figuresOf(cookie: string, query?: string) {
  const response = await figures(cookie, query);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return answer(response, 200, HostFiguresAnswerSchema);
}

/** Replies with these waits (ms) at these times, by a host, on a site and language; each needs a message of its own. */
async function insertReplies(options: {
  siteId: number;
  language: string;
  staffId: number;
  replies: { waited: number; at: number }[];
}) {
  const profile = await createProfile({ siteId: options.siteId, language: options.language });
  const rows = await insertWaiting({
    n: options.replies.length,
    profiles: [profile],
    siteId: options.siteId,
    language: options.language,
  });
  await env.DB.batch(
    rows.flatMap((row, i) => [
      env.DB.prepare("DELETE FROM host_queue WHERE conversation_id = ?").bind(row.conversation),
      env.DB.prepare(
        `INSERT INTO host_replies (message_id, staff_id, conversation_id, profile_id, site_id, language, waited_ms, created_at)
         SELECT MAX(id), ?, ?, ?, ?, ?, ?, ? FROM messages WHERE conversation_id = ?`,
      ).bind(
        options.staffId,
        row.conversation,
        profile.id,
        options.siteId,
        options.language,
        options.replies[i]!.waited,
        options.replies[i]!.at,
        row.conversation,
      ),
    ]),
  );
}

let platformAdmin: SignedInStaff;
let siteAdmin: SignedInStaff;
let hostA: { id: number };
let hostB: { id: number };

beforeAll(async () => {
  await ensureSites();
  [platformAdmin, siteAdmin] = await Promise.all([
    createHost({ siteId: null, role: "admin" }),
    createHost({ siteId: 1, role: "admin" }),
  ]);
  hostA = await createStaff({ siteId: 1, role: "host", name: "Anna Host" });
  hostB = await createStaff({ siteId: null, role: "host", name: FORMULA_NAME });
  // Site 1 (target 5 min), Dutch, 10 January: 1…20 minutes, from 09:00 every 10 minutes (hours 9–12).
  await insertReplies({
    siteId: 1,
    language: "nl",
    staffId: hostA.id,
    replies: Array.from({ length: 20 }, (_, i) => ({ waited: (i + 1) * MIN, at: DAY10 + 9 * 60 * MIN + i * 10 * MIN })),
  });
  // Site 1, German, 10 January: one reply after 7 minutes, by host B.
  await insertReplies({
    siteId: 1,
    language: "de",
    staffId: hostB.id,
    replies: [{ waited: 7 * MIN, at: DAY10 + 14 * 60 * MIN }],
  });
  // Site 2 (target 10 min), Dutch, 11 January: 1, 6, 11 and 12 minutes, by host B.
  await insertReplies({
    siteId: 2,
    language: "nl",
    staffId: hostB.id,
    replies: [1, 6, 11, 12].map((m, i) => ({ waited: m * MIN, at: DAY11 + i * MIN })),
  });
});

describe("who may read the figures", () => {
  it("admins only: no session 401, a member 403 staff_only, hosts and moderators 403 staff_role", async () => {
    await errorOf(await figures(undefined), 401, "staff_login_required");
    await errorOf(await figures(await loginAs(await createMember())), 403, "staff_only");
    const [host, moderator] = await Promise.all([
      createHost({ siteId: 1, role: "host" }),
      createHost({ siteId: null, role: "moderator" }),
    ]);
    await errorOf(await figures(host.cookie), 403, "staff_role");
    await errorOf(await figures(moderator.cookie), 403, "staff_role");
  });
});

describe("the numbers", () => {
  it("per day over every site: replies, nearest-rank median and p95, replies over each site's target", async () => {
    const body = await figuresOf(platformAdmin.cookie);
    expect(body.from).toBe("2020-01-10");
    expect(body.to).toBe("2020-01-11");
    // 10 January: 1…20 min and 7 min (21 replies): rank 11 is 10 min, rank 20 is 19 min; over 5 min: 6…20 and the 7.
    expect(body.days).toEqual([
      { day: "2020-01-10", replies: 21, median_ms: 10 * MIN, p95_ms: 19 * MIN, over_target: 16 },
      { day: "2020-01-11", replies: 4, median_ms: 6 * MIN, p95_ms: 12 * MIN, over_target: 2 },
    ]);
  });

  it("per day, site and language, with the site's target", async () => {
    const body = await figuresOf(platformAdmin.cookie);
    expect(body.groups.map(({ site_name: _name, ...group }) => group)).toEqual([
      {
        day: "2020-01-10",
        site_id: 1,
        language: "de",
        replies: 1,
        median_ms: 7 * MIN,
        p95_ms: 7 * MIN,
        over_target: 1,
        target_minutes: 5,
      },
      {
        day: "2020-01-10",
        site_id: 1,
        language: "nl",
        replies: 20,
        median_ms: 10 * MIN,
        p95_ms: 19 * MIN,
        over_target: 15,
        target_minutes: 5,
      },
      {
        day: "2020-01-11",
        site_id: 2,
        language: "nl",
        replies: 4,
        median_ms: 6 * MIN,
        p95_ms: 12 * MIN,
        over_target: 2,
        target_minutes: 10,
      },
    ]);
    expect(body.groups[0]!.site_name).not.toBe("");
  });

  it("per host and day: replies and the clock hours with a reply", async () => {
    const body = await figuresOf(platformAdmin.cookie);
    const rows = body.hosts.map(({ day, staff_id, replies, active_hours }) => ({ day, staff_id, replies, active_hours }));
    expect(rows).toEqual(
      expect.arrayContaining([
        { day: "2020-01-10", staff_id: hostA.id, replies: 20, active_hours: 4 },
        { day: "2020-01-10", staff_id: hostB.id, replies: 1, active_hours: 1 },
        { day: "2020-01-11", staff_id: hostB.id, replies: 4, active_hours: 1 },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it("every day of the range, without replies too", async () => {
    const body = await figuresOf(platformAdmin.cookie, "from=2020-01-09&to=2020-01-12");
    expect(body.days.map((d) => [d.day, d.replies, d.median_ms])).toEqual([
      ["2020-01-09", 0, null],
      ["2020-01-10", 21, 10 * MIN],
      ["2020-01-11", 4, 6 * MIN],
      ["2020-01-12", 0, null],
    ]);
  });

  it("an admin of one site sees that site only: its replies (by any host) and its waiting members", async () => {
    const body = await figuresOf(siteAdmin.cookie);
    expect(body.days.map((d) => d.replies)).toEqual([21, 0]);
    expect(new Set(body.groups.map((g) => g.site_id))).toEqual(new Set([1]));
    expect(body.hosts.every((h) => h.day === "2020-01-10")).toBe(true);
  });

  it("now: how many wait on the scope and since when the oldest waits", async () => {
    const profile = await createProfile({ siteId: 2, language: "nl" });
    const before = await figuresOf(platformAdmin.cookie);
    const siteOneBefore = await figuresOf(siteAdmin.cookie);
    const rows = await insertWaiting({ n: 3, profiles: [profile], siteId: 2, language: "nl" });
    const oldest = Date.UTC(2021, 5, 1);
    await env.DB.prepare("UPDATE host_queue SET waiting_since = ? WHERE conversation_id = ?")
      .bind(oldest, rows[0]!.conversation)
      .run();
    const after = await figuresOf(platformAdmin.cookie);
    expect(after.waiting).toBe(before.waiting + 3);
    expect(after.oldest_since).toBe(oldest);
    // Site 2's members are not on site 1's admin's scope.
    expect((await figuresOf(siteAdmin.cookie)).waiting).toBe(siteOneBefore.waiting);
  });

  it("without dates: the last 7 days, today included", async () => {
    const body = await figuresOf(platformAdmin.cookie, "");
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)!.day).toBe(today);
  });
});

describe("bad input", () => {
  const cases: [string, Record<string, string>][] = [
    ["from=2020-02-30&to=2020-03-01", { from: "date" }],
    ["from=2020-01-01&to=tomorrow", { to: "date" }],
    ["from=1.1.2020", { from: "date" }],
    ["from=2020-01-12&to=2020-01-10", { from: "order" }],
    ["from=2020-01-01&to=2020-04-02", { from: "too_long" }],
    ["format=xml", { format: "invalid_value" }],
    ["format=csv&table=members", { table: "invalid_value" }],
  ];
  for (const [query, fields] of cases) {
    it(`${query}: 422 with the field`, async () => {
      const body = await errorOf(await figures(platformAdmin.cookie, query), 422, "invalid_input");
      expect(body.fields).toEqual(fields);
    });
  }

  it("92 days, both ends included, is the longest range", async () => {
    const body = await figuresOf(platformAdmin.cookie, "from=2020-01-01&to=2020-04-01");
    expect(body.days).toHaveLength(92);
  });
});

describe("CSV", () => {
  it("per day, site and language: a UTF-8 download with the columns docs/api.md names", async () => {
    const response = await figures(platformAdmin.cookie, "from=2020-01-10&to=2020-01-11&format=csv&table=days");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="host-figures-days-2020-01-10-2020-01-11.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe("day,site,language,replies,median_seconds,p95_seconds,over_target,target_minutes");
    expect(lines[2]).toMatch(/^2020-01-10,[^,]+,nl,20,600,1140,15,5$/);
  });

  it("per host and day; a name that would be a formula is written as text", async () => {
    const response = await figures(platformAdmin.cookie, "from=2020-01-10&to=2020-01-11&format=csv&table=hosts");
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("day,host,replies,active_hours,replies_per_active_hour");
    expect(lines).toContain("2020-01-10,Anna Host,20,4,5");
    expect(lines).toContain(`2020-01-11,"'=HYPERLINK(""http://evil.example"",""x"")",4,1,4`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("refuses hosts as the JSON does", async () => {
    const host = await createHost({ siteId: 1, role: "host" });
    await errorOf(await figures(host.cookie, "format=csv"), 403, "staff_role");
  });
});

describe("the reply target setting", () => {
  const base = () => {
    const { host_reply_target_minutes: _target, ...settings } = DEMO_SITES[0]!.settings;
    return settings;
  };

  it("is optional (5 minutes), a whole number of minutes from 1 to 1440", () => {
    expect(StoredSettingsSchema.parse(base()).host_reply_target_minutes).toBe(5);
    expect(StoredSettingsSchema.parse({ ...base(), host_reply_target_minutes: 1440 }).host_reply_target_minutes).toBe(1440);
    for (const bad of [0, 1441, 2.5, "5"]) {
      expect(StoredSettingsSchema.safeParse({ ...base(), host_reply_target_minutes: bad }).success, String(bad)).toBe(false);
    }
  });

  it("stays out of the settings answer", async () => {
    const response = await call("/api/settings.php");
    expect(response.status).toBe(200);
    expect(await response.json()).not.toHaveProperty("host_reply_target_minutes");
  });
});
