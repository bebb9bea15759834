/**
 * The development panel's "write to an entertainment profile" (POST /api/dev/host_wait.php, ADR
 * 045): the member's message puts the conversation in the hosts' queue, free; only where the
 * development tools run.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DevHostWaitSchema } from "../../contract/answers/dev";
import { call, ensureSites } from "./helpers";
import { answer, count, createChatter, createProfile, errorOf, queued } from "./host-helpers";

beforeAll(ensureSites);

describe("POST /api/dev/host_wait.php", () => {
  it("writes to an entertainment profile of the site: the conversation waits for a host, and costs nothing", async () => {
    await createProfile({ siteId: 1 });
    const member = await createChatter({ siteId: 1, credits: 100 });
    const before = await count("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", member.id);
    const made = await answer(
      await call("/api/dev/host_wait.php", { method: "POST", cookie: member.cookie, host: member.host, json: {} }),
      200,
      DevHostWaitSchema,
    );
    expect(await queued(made.conversation)).toBe(1);
    expect(await count("SELECT is_fictional AS n FROM members WHERE id = ?", made.profile)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ? AND sender_id = ?", made.conversation, member.id),
    ).toBe(1);
    expect(await count("SELECT COALESCE(SUM(amount), 0) AS n FROM credit_ledger WHERE member_id = ?", member.id)).toBe(before);
  });

  it("does not exist on a public host, and needs a member", async () => {
    const member = await createChatter({ siteId: 1 });
    await errorOf(
      await call("/api/dev/host_wait.php", { method: "POST", cookie: member.cookie, host: "amora.example", json: {} }),
      404,
    );
    await errorOf(await call("/api/dev/host_wait.php", { method: "POST", json: {} }), 403, "not_logged_in");
  });
});
