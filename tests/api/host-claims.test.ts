/**
 * The hosts' leases (issue 27, ADR 045) on real D1: claiming a conversation (one guarded UPDATE:
 * of hosts claiming at once exactly one gets it), the limit of conversations held, leases that run
 * out, release and typing; and the queue drained by hosts in parallel, each conversation answered
 * exactly once, also when leases are left to run out in the middle.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HOST_LEASE_MS, HOST_MAX_HELD, HostClaimAnswerSchema } from "../../contract/hosts";
import { ensureSites } from "./helpers";
import {
  answer,
  claimOk,
  count,
  createHost,
  createProfile,
  errorOf,
  hostCalls,
  hostReplies,
  insertWaiting,
  newKey,
  profileMessages,
  queued,
  queueOf,
  releaseOk,
  replyOk,
  type SignedInStaff,
  viewOf,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

const leaseRow = (conversation: number) =>
  env.DB.prepare("SELECT leased_by, lease_expires_at FROM host_queue WHERE conversation_id = ?")
    .bind(conversation)
    .first<{ leased_by: number | null; lease_expires_at: number }>();

/** The lease runs out (as if its time had passed). */
const expireLease = (conversation: number) =>
  env.DB.prepare("UPDATE host_queue SET lease_expires_at = ? WHERE conversation_id = ?")
    .bind(Date.now() - 1, conversation)
    .run();

/** A 409 with its code; `holder` and `max_held` ride along (contract/schemas ApiErrorSchema). */
const conflict = (response: Response, code: string) => errorOf(response, 409, code);

// =============================================================================================
// Claims

describe("claiming a conversation (host_claim.php)", () => {
  it("20 hosts at once: exactly one lease; the others are told who has it", async () => {
    const { conversation } = await waitingConversation();
    const hosts = await Promise.all(Array.from({ length: 20 }, () => createHost({ siteId: 1, languages: "nl" })));
    const responses = await Promise.all(hosts.map((host) => hostCalls.claim(host.cookie, { conversation })));
    const won = responses.flatMap((response, i) => (response.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    const winner = hosts[won[0]!]!;
    const { lease } = await answer(responses[won[0]!]!, 200, HostClaimAnswerSchema);
    expect(lease).toMatchObject({ staff_name: winner.name, mine: true });
    expect(lease.expires_at).toBeGreaterThan(Date.now() + HOST_LEASE_MS - 10_000);
    for (const [i, response] of responses.entries()) {
      if (i === won[0]) continue;
      expect((await conflict(response, "claimed_by_other")).holder).toBe(winner.name);
    }
    expect(await leaseRow(conversation)).toEqual({ leased_by: winner.id, lease_expires_at: lease.expires_at });

    // The queue and the view say who holds it: mine for the winner, someone else's for the rest.
    const mine = (await queueOf(winner.cookie)).items.find((item) => item.conversation === conversation);
    expect(mine?.lease).toMatchObject({ staff_name: winner.name, mine: true });
    expect((await queueOf(winner.cookie)).held).toBe(1);
    const loser = hosts[(won[0]! + 1) % hosts.length]!;
    const theirs = (await queueOf(loser.cookie)).items.find((item) => item.conversation === conversation);
    expect(theirs?.lease).toMatchObject({ staff_name: winner.name, mine: false });
    expect((await viewOf(loser.cookie, conversation)).lease).toMatchObject({ staff_name: winner.name, mine: false });
    // Claiming again renews the winner's own lease.
    expect((await claimOk(winner.cookie, conversation)).mine).toBe(true);
  });

  it("a site's host_max_held is its hosts' limit (here 1)", async () => {
    const row = await env.DB.prepare("SELECT settings FROM sites WHERE id = 2").first<{ settings: string }>();
    await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 2")
      .bind(JSON.stringify({ ...(JSON.parse(row!.settings) as object), host_max_held: 1 }))
      .run();
    try {
      const host = await createHost({ siteId: 2, languages: "nl" });
      const [first, second] = await Promise.all([waitingConversation({ siteId: 2 }), waitingConversation({ siteId: 2 })]);
      await claimOk(host.cookie, first!.conversation);
      expect(
        (await conflict(await hostCalls.claim(host.cookie, { conversation: second!.conversation }), "too_many_held")).max_held,
      ).toBe(1);
      expect((await queueOf(host.cookie)).max_held).toBe(1);
    } finally {
      await env.DB.prepare("UPDATE sites SET settings = ? WHERE id = 2").bind(row!.settings).run();
    }
  });

  it(`a host holds at most ${HOST_MAX_HELD}: the next claim is 409 too_many_held until one is released`, async () => {
    const host = await createHost({ siteId: 1, languages: "nl" });
    const waiting = await Promise.all(Array.from({ length: HOST_MAX_HELD + 1 }, () => waitingConversation()));
    for (const w of waiting.slice(0, HOST_MAX_HELD)) await claimOk(host.cookie, w.conversation);
    const last = waiting[HOST_MAX_HELD]!.conversation;
    expect((await conflict(await hostCalls.claim(host.cookie, { conversation: last }), "too_many_held")).max_held).toBe(
      HOST_MAX_HELD,
    );
    // Nor by typing, nor by replying into it.
    await errorOf(await hostCalls.typing(host.cookie, { conversation: last }), 409, "too_many_held");
    await errorOf(await hostCalls.reply(host.cookie, { conversation: last, text: "Hi", key: newKey() }), 409, "too_many_held");
    expect(await profileMessages(last, waiting[HOST_MAX_HELD]!.profile.id)).toBe(0);
    expect((await leaseRow(last))!.leased_by).toBeNull();
    // Ones already held can still be renewed.
    await claimOk(host.cookie, waiting[0]!.conversation);
    expect((await queueOf(host.cookie)).held).toBe(HOST_MAX_HELD);

    // Concurrent claims of the free ones by a host who holds max-1: at most the limit.
    const busy = await createHost({ siteId: 1, languages: "nl" });
    const more = await Promise.all(Array.from({ length: 5 }, () => waitingConversation()));
    for (const w of more.slice(0, HOST_MAX_HELD - 1)) await claimOk(busy.cookie, w.conversation);
    const rest = more.slice(HOST_MAX_HELD - 1);
    const answers = await Promise.all(rest.map((w) => hostCalls.claim(busy.cookie, { conversation: w.conversation })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM host_queue WHERE leased_by = ?", busy.id)).toBe(HOST_MAX_HELD);

    expect(await releaseOk(host.cookie, waiting[1]!.conversation)).toBe(true);
    await claimOk(host.cookie, last);
    // Answering one frees a place too.
    await replyOk(host.cookie, last, "Hello!");
    await claimOk(host.cookie, waiting[1]!.conversation);
  });

  it("a lease that ran out can be claimed by another host; its old holder then cannot reply", async () => {
    const { conversation, profile } = await waitingConversation();
    const [first, second] = [await createHost({ siteId: 1 }), await createHost({ siteId: 1 })];
    await claimOk(first.cookie, conversation);
    await errorOf(await hostCalls.claim(second.cookie, { conversation }), 409, "claimed_by_other");
    await expireLease(conversation);
    // Expired: free in the queue of others, and no longer counted as held.
    const item = (await queueOf(second.cookie)).items.find((i) => i.conversation === conversation);
    expect(item?.lease).toBeNull();
    expect((await queueOf(first.cookie)).held).toBe(0);

    expect((await claimOk(second.cookie, conversation)).mine).toBe(true);
    expect((await leaseRow(conversation))!.leased_by).toBe(second.id);
    const refused = await conflict(
      await hostCalls.reply(first.cookie, { conversation, text: "Sorry, I was away", key: newKey() }),
      "claimed_by_other",
    );
    expect(refused.holder).toBe(second.name);
    expect(await profileMessages(conversation, profile.id)).toBe(0);
    await replyOk(second.cookie, conversation, "Hi, I'm here");
    expect(await hostReplies(conversation)).toBe(1);
  });

  it("a lease that ran out while nobody else claimed it: its holder may still reply", async () => {
    const { conversation } = await waitingConversation();
    const host = await createHost({ siteId: 1 });
    await claimOk(host.cookie, conversation);
    await expireLease(conversation);
    await replyOk(host.cookie, conversation, "Still here!");
    expect(await queued(conversation)).toBe(0);
  });

  it("the old holder and the new one reply at once after the lease ran out: one reply", async () => {
    const { conversation, profile } = await waitingConversation();
    const [first, second] = [await createHost({ siteId: 1 }), await createHost({ siteId: 1 })];
    await claimOk(first.cookie, conversation);
    await expireLease(conversation);
    const answers = await Promise.all([
      hostCalls.reply(first.cookie, { conversation, text: "From the first", key: newKey() }),
      hostCalls.reply(second.cookie, { conversation, text: "From the second", key: newKey() }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await profileMessages(conversation, profile.id)).toBe(1);
    expect(await hostReplies(conversation)).toBe(1);
  });

  it("release gives the conversation back; only its holder can release it", async () => {
    const { conversation } = await waitingConversation();
    const [first, second] = [await createHost({ siteId: 1 }), await createHost({ siteId: 1 })];
    await claimOk(first.cookie, conversation);
    expect(await releaseOk(second.cookie, conversation)).toBe(false);
    expect((await leaseRow(conversation))!.leased_by).toBe(first.id);
    expect(await releaseOk(first.cookie, conversation)).toBe(true);
    expect(await leaseRow(conversation)).toEqual({ leased_by: null, lease_expires_at: 0 });
    expect((await queueOf(second.cookie)).items.find((i) => i.conversation === conversation)?.lease).toBeNull();
    expect(await releaseOk(first.cookie, conversation)).toBe(false);
    await claimOk(second.cookie, conversation);
  });

  it("typing renews the holder's lease, claims a free one, and takes nobody's", async () => {
    const { conversation } = await waitingConversation();
    const [first, second] = [await createHost({ siteId: 1 }), await createHost({ siteId: 1 })];
    await claimOk(first.cookie, conversation);
    await env.DB.prepare("UPDATE host_queue SET lease_expires_at = ? WHERE conversation_id = ?")
      .bind(Date.now() + 1000, conversation)
      .run();
    const before = Date.now();
    const { lease } = await answer(await hostCalls.typing(first.cookie, { conversation }), 200, HostClaimAnswerSchema);
    expect(lease.mine).toBe(true);
    expect(lease.expires_at).toBeGreaterThanOrEqual(before + HOST_LEASE_MS);
    expect((await leaseRow(conversation))!.lease_expires_at).toBe(lease.expires_at);
    // Someone else's lease is not taken by typing.
    await errorOf(await hostCalls.typing(second.cookie, { conversation }), 409, "claimed_by_other");
    expect((await leaseRow(conversation))!.leased_by).toBe(first.id);
    // A free one is claimed by typing into it.
    await releaseOk(first.cookie, conversation);
    expect((await answer(await hostCalls.typing(second.cookie, { conversation }), 200, HostClaimAnswerSchema)).lease.mine).toBe(
      true,
    );
    // An answered conversation: nothing to hold.
    await replyOk(second.cookie, conversation, "Hey");
    await errorOf(await hostCalls.typing(second.cookie, { conversation }), 409, "not_waiting");
    await errorOf(await hostCalls.claim(first.cookie, { conversation }), 409, "not_waiting");
  });

  it("bad bodies: 422 invalid_input", async () => {
    const host = await createHost({ siteId: 1 });
    for (const body of [{}, { conversation: "abc" }, { conversation: -1 }, { conversation: 1.5 }, { conversation: null }, []]) {
      for (const path of ["host_claim", "host_typing", "host_release"] as const) {
        const send = { host_claim: hostCalls.claim, host_typing: hostCalls.typing, host_release: hostCalls.release }[path];
        await errorOf(await send(host.cookie, body), 422, "invalid_input");
      }
    }
    await errorOf(await hostCalls.conversation(host.cookie, "abc"), 422, "invalid_input");
  });
});

// =============================================================================================
// Draining the queue

interface Drained {
  replies: number;
  conflicts: number;
}

/** A host's loop: read the queue, claim the oldest free one it can, reply, until nothing waits. */
async function drain(host: SignedInStaff, text: string): Promise<Drained> {
  const done: Drained = { replies: 0, conflicts: 0 };
  for (let round = 0; round < 2000; round++) {
    const queue = await queueOf(host.cookie);
    if (queue.waiting === 0) return done;
    const free = queue.items.filter((item) => item.lease === null || item.lease.mine);
    let answered = false;
    for (const item of free) {
      const claimed = await hostCalls.claim(host.cookie, { conversation: item.conversation });
      if (claimed.status !== 200) {
        const { error } = (await claimed.json()) as { error: string };
        expect(["claimed_by_other", "not_waiting"]).toContain(error);
        done.conflicts++;
        continue;
      }
      const reply = await hostCalls.reply(host.cookie, { conversation: item.conversation, text, key: newKey() });
      if (reply.status === 201) {
        done.replies++;
        answered = true;
        break;
      }
      // Only a lease lost to another host may stop a reply.
      await errorOf(reply, 409);
      done.conflicts++;
    }
    // Everything left is held by others: wait for their replies (or their leases to run out).
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`host ${host.name} never saw the queue empty`);
}

/** Every conversation has exactly one reply from its profile, recorded once, and none waits. */
async function expectAnsweredOnce(rows: { conversation: number; profileId: number }[], hostIds: number[]) {
  const ids = rows.map((r) => r.conversation);
  const inList = `(${ids.join(",")})`;
  const perConversation = await env.DB.prepare(
    `SELECT c.id, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id IN (SELECT id FROM members WHERE is_fictional = 1)) AS replies,
            (SELECT COUNT(*) FROM host_replies h WHERE h.conversation_id = c.id) AS recorded
     FROM conversations c WHERE c.id IN ${inList}`,
  ).all<{ id: number; replies: number; recorded: number }>();
  expect(perConversation.results).toHaveLength(rows.length);
  expect(perConversation.results.filter((r) => r.replies !== 1 || r.recorded !== 1)).toEqual([]);
  expect(await count(`SELECT COUNT(*) AS n FROM host_queue WHERE conversation_id IN ${inList}`)).toBe(0);
  // Recorded as written by the hosts of the drain, each with its audit line.
  expect(
    await count(
      `SELECT COUNT(*) AS n FROM host_replies WHERE conversation_id IN ${inList} AND staff_id IN (${hostIds.join(",")})`,
    ),
  ).toBe(rows.length);
  expect(
    await count(
      `SELECT COUNT(*) AS n FROM staff_audit WHERE action = 'host_reply' AND json_extract(detail, '$.conversation') IN ${inList}`,
    ),
  ).toBe(rows.length);
  // Each reply is the profile's, in its own conversation.
  for (const row of rows.slice(0, 5)) expect(await profileMessages(row.conversation, row.profileId)).toBe(1);
}

describe("draining the queue with hosts in parallel", () => {
  it("120 waiting conversations, 10 hosts: each answered exactly once", { timeout: 240_000 }, async () => {
    // A language of its own, so only this test's conversations are in these hosts' queue.
    const profiles = await Promise.all(Array.from({ length: 10 }, () => createProfile({ language: "fi" })));
    // More than the 100 a host's queue lists, so the last ones appear only as the first are
    // answered; two hundred took 19 s and showed nothing more.
    const rows = await insertWaiting({ n: 120, profiles, language: "fi" });
    const hosts = await Promise.all(Array.from({ length: 10 }, () => createHost({ siteId: 1, languages: "fi" })));
    expect((await queueOf(hosts[0]!.cookie)).waiting).toBe(120);

    const results = await Promise.all(hosts.map((host) => drain(host, "Hei! Kiva kuulla sinusta.")));
    expect(results.reduce((sum, r) => sum + r.replies, 0)).toBe(120);
    // The work was shared.
    expect(results.filter((r) => r.replies > 0).length).toBeGreaterThan(1);
    await expectAnsweredOnce(
      rows,
      hosts.map((h) => h.id),
    );
  });

  it("with leases left to run out in the middle: nothing stuck, nothing doubled", { timeout: 240_000 }, async () => {
    const profiles = await Promise.all(Array.from({ length: 5 }, () => createProfile({ language: "sv" })));
    const rows = await insertWaiting({ n: 60, profiles, language: "sv" });
    // Three hosts open conversations and walk away: the oldest ones, so the others wait behind them.
    const walkers = await Promise.all(Array.from({ length: 3 }, () => createHost({ siteId: 1, languages: "sv" })));
    const abandoned = rows.slice(0, 3 * HOST_MAX_HELD);
    for (const [i, row] of abandoned.entries()) await claimOk(walkers[i % 3]!.cookie, row.conversation);
    const hosts = await Promise.all(Array.from({ length: 10 }, () => createHost({ siteId: 1, languages: "sv" })));

    const drained = Promise.all(hosts.map((host) => drain(host, "Hej! Hur mår du?")));
    // Halfway through, the walkers' leases run out.
    const inList = `(${rows.map((r) => r.conversation).join(",")})`;
    for (let i = 0; i < 3000; i++) {
      if ((await count(`SELECT COUNT(*) AS n FROM host_replies WHERE conversation_id IN ${inList}`)) >= 30) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await count(`SELECT COUNT(*) AS n FROM host_queue WHERE leased_by IN (${walkers.map((w) => w.id).join(",")})`)).toBe(
      abandoned.length,
    );
    await env.DB.prepare(`UPDATE host_queue SET lease_expires_at = ? WHERE leased_by IN (${walkers.map((w) => w.id).join(",")})`)
      .bind(Date.now() - 1)
      .run();
    const results = await drained;
    expect(results.reduce((sum, r) => sum + r.replies, 0)).toBe(rows.length);
    await expectAnsweredOnce(
      rows,
      hosts.map((h) => h.id),
    );

    // The walkers come back: their conversations were answered; a reply now writes nothing.
    for (const [i, row] of abandoned.entries()) {
      await errorOf(
        await hostCalls.reply(walkers[i % 3]!.cookie, { conversation: row.conversation, text: "Back!", key: newKey() }),
        409,
        "not_waiting",
      );
    }
    await expectAnsweredOnce(
      rows,
      hosts.map((h) => h.id),
    );
  });
});
