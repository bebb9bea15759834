/**
 * The fault switch for tests (workers/api/lib/faults.ts, POST /api/dev/fault.php): a member's
 * next calls of one path fail as asked, other members' calls do not, and bad input is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const setFault = (cookie: string, json: unknown) => call("/api/dev/fault.php", { method: "POST", cookie, json });

describe("POST /api/dev/fault.php", () => {
  it("fails only this member's next calls of that path, as many times as asked", async () => {
    const a = await loginAs(await createMember());
    const b = await loginAs(await createMember());
    expect((await setFault(a, { method: "GET", path: "/api/user.php", mode: "error", times: 2 })).status).toBe(200);
    expect((await call("/api/user.php", { cookie: b })).status).toBe(200);
    expect((await call("/api/likes.php", { cookie: a })).status).toBe(200);
    const failed = await call("/api/user.php", { cookie: a });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: "fault" });
    expect((await call("/api/user.php", { cookie: a })).status).toBe(500);
    expect((await call("/api/user.php", { cookie: a })).status).toBe(200);
  });

  it("error_after does the call, then loses its answer", async () => {
    const member = await createMember({ credits: 20 });
    const cookie = await loginAs(member);
    await setFault(cookie, { method: "POST", path: "/api/dev/credits.php", mode: "error_after" });
    expect((await call("/api/dev/credits.php", { method: "POST", cookie, json: { credits: 3 } })).status).toBe(500);
    const user = await (await call("/api/user.php", { cookie })).json();
    expect(user).toMatchObject({ user: { credits: 3 } });
  });

  it("clear removes the member's faults", async () => {
    const cookie = await loginAs(await createMember());
    await setFault(cookie, { method: "GET", path: "/api/user.php", mode: "error", times: 5 });
    expect((await setFault(cookie, { clear: true })).status).toBe(200);
    expect((await call("/api/user.php", { cookie })).status).toBe(200);
  });

  it("a visitor's faults are their IP's (sign-up's first step has no member yet)", async () => {
    const ip = (address: string) => ({ headers: { "x-client-ip": address } });
    const set = await call("/api/dev/fault.php", {
      method: "POST",
      ...ip("198.51.100.201"),
      json: { method: "GET", path: "/api/settings.php", mode: "error" },
    });
    expect(set.status).toBe(200);
    expect((await call("/api/settings.php", ip("198.51.100.202"))).status).toBe(200);
    expect((await call("/api/settings.php", ip("198.51.100.201"))).status).toBe(500);
    expect((await call("/api/settings.php", ip("198.51.100.201"))).status).toBe(200);
  });

  it("refuses bad input", async () => {
    const cookie = await loginAs(await createMember());
    for (const bad of [
      { method: "GET", path: "/login", mode: "error" },
      { method: "PATCH", path: "/api/user.php", mode: "error" },
      { method: "GET", path: "/api/user.php", mode: "explode" },
      { method: "GET", path: "/api/user.php", mode: "slow", delay_ms: 60_000 },
      { method: "GET", path: "/api/user.php", mode: "error", times: 0 },
      "not an object",
    ]) {
      expect((await setFault(cookie, bad)).status, JSON.stringify(bad)).toBe(422);
    }
  });
});
