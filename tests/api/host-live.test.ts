/**
 * The hosts' desk socket (GET /api/staff/host_live.php, ADR 045): who may open it, and the
 * "queue changed" events an open queue page hears when a member starts waiting, a conversation is
 * claimed, released or answered.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import {
  claimOk,
  createHost,
  createStaff,
  errorOf,
  releaseOk,
  replyOk,
  SITE1,
  signInStaff,
  waitingConversation,
} from "./host-helpers";

beforeAll(ensureSites);

const ORIGIN = `http://${SITE1}`;

/** An open desk socket: the events it heard, and a wait for the next one. */
async function openDesk(cookie: string) {
  const response = await call("/api/staff/host_live.php", { cookie, headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const events: unknown[] = [];
  const waiters: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    events.push(typeof event.data === "string" && event.data.startsWith("{") ? JSON.parse(event.data) : event.data);
    for (const wake of waiters.splice(0)) wake();
  });
  const next = (ms = 3000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms; got ${JSON.stringify(events)}`)), ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { socket, events, next };
}

describe("the hosts' desk (GET /api/staff/host_live.php)", () => {
  it("is for hosts and admins, as a WebSocket from this site", async () => {
    const host = await createHost({ siteId: 1 });
    await errorOf(await call("/api/staff/host_live.php", { cookie: host.cookie }), 426, "upgrade_required");
    await errorOf(
      await call("/api/staff/host_live.php", {
        cookie: host.cookie,
        headers: { upgrade: "websocket", origin: "https://evil.example" },
      }),
      403,
      "cross_site",
    );
    await errorOf(
      await call("/api/staff/host_live.php", { headers: { upgrade: "websocket", origin: ORIGIN } }),
      401,
      "staff_login_required",
    );
    const member = await loginAs(await createMember());
    await errorOf(
      await call("/api/staff/host_live.php", { cookie: member, headers: { upgrade: "websocket", origin: ORIGIN } }),
      403,
      "staff_only",
    );
    const moderator = await createStaff({ siteId: 1, role: "moderator" });
    const moderatorCookie = await signInStaff(moderator);
    await errorOf(
      await call("/api/staff/host_live.php", { cookie: moderatorCookie, headers: { upgrade: "websocket", origin: ORIGIN } }),
      403,
      "staff_role",
    );
  });

  it("an open queue hears that a member waits, and each claim, release and reply", { timeout: 20_000 }, async () => {
    const host = await createHost({ siteId: 1 });
    const desk = await openDesk(host.cookie);

    let waiting = desk.next();
    const { conversation } = await waitingConversation({ siteId: 1, language: "nl" });
    await waiting;
    expect(desk.events.at(-1)).toEqual({ type: "queue", site: 1 });

    for (const step of [
      () => claimOk(host.cookie, conversation),
      () => releaseOk(host.cookie, conversation),
      () => claimOk(host.cookie, conversation),
      () => replyOk(host.cookie, conversation, "Hallo! Leuk dat je schrijft."),
    ]) {
      const before = desk.events.length;
      waiting = desk.next();
      await step();
      await waiting;
      expect(desk.events.length).toBe(before + 1);
      expect(desk.events.at(-1)).toEqual({ type: "queue", site: 1 });
    }
    // Only "the queue changed": never a name or a text.
    expect(JSON.stringify(desk.events)).not.toContain("Hallo");
    desk.socket.close(1000, "done");
  });
});
