/**
 * General discount codes in the staff console (issue 28 point 4; docs/decisions/049): who may
 * manage them (admins, on their own sites), bad input of every kind (nothing stored), editing,
 * pause, resume and expire, and the audit line of every change with before and after.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DiscountCodeSavedSchema } from "../../contract/discount-codes";
import { auditLines, listCodes, makeCode, readCode, saveCode, setState, uniqueCode, validBody } from "./discount-code-helpers";
import { call, ensureSites } from "./helpers";
import { answer, count, createHost, errorOf, type SignedInStaff } from "./host-helpers";

let admin: SignedInStaff;
let otherAdmin: SignedInStaff;
let platformAdmin: SignedInStaff;

beforeAll(async () => {
  await ensureSites();
  [admin, otherAdmin, platformAdmin] = await Promise.all([
    createHost({ siteId: 1, role: "admin" }),
    createHost({ siteId: 2, role: "admin" }),
    createHost({ siteId: null, role: "admin" }),
  ]);
});

const codesNamed = (code: string) => count("SELECT count(*) AS n FROM discount_codes WHERE code = ?", code);

describe("who may manage codes", () => {
  it("refuses moderators and hosts (403 staff_role), members (403 staff_only) and no session (401)", async () => {
    const { id } = await makeCode(admin.cookie);
    for (const role of ["moderator", "host"] as const) {
      const staff = await createHost({ siteId: 1, role });
      await errorOf(await call("/api/staff/discount_codes.php", { cookie: staff.cookie }), 403, "staff_role");
      await errorOf(await call(`/api/staff/discount_code.php?id=${id}`, { cookie: staff.cookie }), 403, "staff_role");
      await errorOf(await saveCode(staff.cookie, validBody()), 403, "staff_role");
      await errorOf(await setState(staff.cookie, id, "pause"), 403, "staff_role");
    }
    await errorOf(await call("/api/staff/discount_codes.php"), 401, "staff_login_required");
  });

  it("hides another site's code from an admin (404 to read, change, pause), and lists only the admin's sites", async () => {
    const { id, code } = await makeCode(admin.cookie);
    await errorOf(await call(`/api/staff/discount_code.php?id=${id}`, { cookie: otherAdmin.cookie }), 404, "not_found");
    await errorOf(await saveCode(otherAdmin.cookie, validBody({ id, site: 2 })), 404, "not_found");
    await errorOf(await setState(otherAdmin.cookie, id, "pause"), 404, "not_found");
    const theirs = await listCodes(otherAdmin.cookie);
    expect(theirs.codes.some((c) => c.id === id)).toBe(false);
    expect(theirs.sites.map((s) => s.id)).toEqual([2]);
    // Nor may they make a code on site 1.
    const refused = await errorOf(await saveCode(otherAdmin.cookie, validBody({ site: 1 })), 422, "invalid_input");
    expect(refused.fields).toEqual({ site: "invalid" });
    // The platform admin sees and manages every site's.
    const all = await listCodes(platformAdmin.cookie);
    expect(all.codes.find((c) => c.id === id)?.code).toBe(code);
    expect(all.sites.length).toBeGreaterThan(1);
  });

  it("answers 404 for welcome, time-bonus and retention codes and unknown ids", async () => {
    await listCodes(admin.cookie); // any member-side row may exist; make a welcome row to be sure
    const welcome = await env.DB.prepare(
      "INSERT INTO discount_codes (site_id, code, kind, percent, valid_from, created_at) VALUES (1, ?, 'time_bonus', 30, 0, 0) RETURNING id",
    )
      .bind(`BONUS-${uniqueCode()}`)
      .first<{ id: number }>();
    await errorOf(await call(`/api/staff/discount_code.php?id=${welcome!.id}`, { cookie: admin.cookie }), 404, "not_found");
    await errorOf(await setState(admin.cookie, welcome!.id, "expire"), 404, "not_found");
    await errorOf(await call("/api/staff/discount_code.php?id=999999999", { cookie: admin.cookie }), 404, "not_found");
    await errorOf(await call("/api/staff/discount_code.php?id=abc", { cookie: admin.cookie }), 422, "invalid_input");
  });
});

describe("bad input is refused beside its field, and nothing is stored", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an empty code", { code: "  " }, "code", "too_small"],
    ["a code too short", { code: "AB" }, "code", "code_too_short"],
    ["a code too long", { code: "A".repeat(21) }, "code", "too_big"],
    ["a code with spaces", { code: "HELLO 10" }, "code", "code_characters"],
    ["a code with other characters", { code: "HÉLLO10" }, "code", "code_characters"],
    ["the welcome offer's code", { code: "welcome" }, "code", "code_reserved"],
    ["percent 0", { percent: 0 }, "percent", "too_small"],
    ["percent 95", { percent: 95 }, "percent", "too_big"],
    ["a percent that is not a whole number", { percent: 12.5 }, "percent", "invalid_type"],
    ["a percent as text", { percent: "ten" }, "percent", "invalid_type"],
    ["an end before the start", { valid_from: Date.now(), valid_until: Date.now() - 1000 }, "valid_until", "end_before_start"],
    ["an unknown package", { package_ids: ["250", "9999"] }, "package_ids", "unknown_package"],
    ["a package of another site", { package_ids: ["80"] }, "package_ids", "unknown_package"],
    ["a malformed package id", { package_ids: ["<b>"] }, "package_ids.0", "unknown_package"],
    ["a cap of 0 uses", { max_uses: 0 }, "max_uses", "too_small"],
    ["a missing start", { valid_from: undefined }, "valid_from", "required"],
  ];
  for (const [what, overrides, field, code] of cases) {
    it(`refuses ${what}`, async () => {
      const body = validBody(overrides);
      const text = typeof body.code === "string" ? body.code.trim().toUpperCase() : "";
      // Counted before and after: other files' welcome offers hold the code WELCOME (files share D1).
      const before = text.length > 0 ? await codesNamed(text) : 0;
      const refused = await errorOf(await saveCode(admin.cookie, body), 422, "invalid_input");
      expect(refused.fields?.[field]).toBe(code);
      if (text.length > 0) expect(await codesNamed(text)).toBe(before);
    });
  }

  it("refuses a duplicate code on the same site in any case, and allows it on another site", async () => {
    const { code } = await makeCode(admin.cookie);
    const refused = await errorOf(await saveCode(admin.cookie, validBody({ code: code.toLowerCase() })), 422, "invalid_input");
    expect(refused.fields).toEqual({ code: "code_taken" });
    await answer(
      await saveCode(otherAdmin.cookie, validBody({ site: 2, code, package_ids: ["80"] })),
      201,
      DiscountCodeSavedSchema,
    );
    expect(await codesNamed(code)).toBe(2);
  });

  it("refuses renaming a code to another of the site's codes, and the first keeps its name", async () => {
    const first = await makeCode(admin.cookie);
    const second = await makeCode(admin.cookie);
    const refused = await errorOf(await saveCode(admin.cookie, validBody({ id: second.id, code: first.code })), 422);
    expect(refused.fields).toEqual({ code: "code_taken" });
    expect((await readCode(admin.cookie, second.id)).code.code).toBe(second.code);
  });

  it("refuses moving a code to another site, an unknown action, and junk bodies", async () => {
    const { id } = await makeCode(platformAdmin.cookie);
    const moved = await errorOf(await saveCode(platformAdmin.cookie, validBody({ id, site: 2, package_ids: [] })), 422);
    expect(moved.fields).toEqual({ site: "not_allowed" });
    await errorOf(await setState(admin.cookie, id, "delete"), 422, "invalid_input");
    const junk = await call("/api/staff/discount_code.php", {
      method: "POST",
      cookie: admin.cookie,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    await errorOf(junk, 400, "invalid_json");
  });
});

describe("making, changing and stopping a code", () => {
  it("stores the code upper-cased with its packages and cap, lists it as active, and audits who made it", async () => {
    const typed = uniqueCode().toLowerCase();
    const body = validBody({ code: ` ${typed} `, percent: 15, package_ids: ["250", "600"], max_uses: 100, min_credits: 0 });
    const { id } = await answer(await saveCode(admin.cookie, body), 201, DiscountCodeSavedSchema);
    const { code, uses } = await readCode(admin.cookie, id);
    expect(code).toMatchObject({
      code: typed.toUpperCase(),
      percent: 15,
      package_ids: ["250", "600"],
      max_uses: 100,
      state: "active",
      uses: 0,
      revenue: [],
      site_name: "Amora",
    });
    expect(uses).toEqual([]);
    const [line] = await auditLines(id);
    expect(line).toMatchObject({ staff_id: admin.id, action: "discount_code_created" });
    expect(String(line?.detail.change)).toContain("percent 15%");
  });

  it("shows scheduled and expired codes as such", async () => {
    const later = await makeCode(admin.cookie, { valid_from: Date.now() + 3_600_000, valid_until: null });
    const over = await makeCode(admin.cookie, { valid_from: Date.now() - 7_200_000, valid_until: Date.now() - 3_600_000 });
    const { codes } = await listCodes(admin.cookie);
    expect(codes.find((c) => c.id === later.id)?.state).toBe("scheduled");
    expect(codes.find((c) => c.id === over.id)?.state).toBe("expired");
  });

  it("edits a code and audits each changed field before and after", async () => {
    const { id, code } = await makeCode(admin.cookie, { percent: 10 });
    const renamed = uniqueCode();
    const body = validBody({ id, code: renamed, percent: 25, max_uses: 3 });
    await answer(await saveCode(admin.cookie, body), 200, DiscountCodeSavedSchema);
    expect((await readCode(admin.cookie, id)).code).toMatchObject({ code: renamed, percent: 25, max_uses: 3 });
    const changed = (await auditLines(id)).find((l) => l.action === "discount_code_changed");
    expect(changed?.detail.change).toContain(`code ${code} → ${renamed}`);
    expect(changed?.detail.change).toContain("percent 10% → 25%");
    expect(changed?.detail.change).toContain("max_uses no cap → 3");
  });

  it("pauses, resumes and expires now, each audited with the state before and after", async () => {
    const { id } = await makeCode(admin.cookie);
    await answer(await setState(admin.cookie, id, "pause"), 200, DiscountCodeSavedSchema);
    expect((await readCode(admin.cookie, id)).code).toMatchObject({ paused: true, state: "paused" });
    await answer(await setState(admin.cookie, id, "resume"), 200, DiscountCodeSavedSchema);
    expect((await readCode(admin.cookie, id)).code).toMatchObject({ paused: false, state: "active" });
    await answer(await setState(admin.cookie, id, "expire"), 200, DiscountCodeSavedSchema);
    const { code } = await readCode(admin.cookie, id);
    expect(code.state).toBe("expired");
    expect(code.valid_until).toBeLessThanOrEqual(Date.now());
    expect((await auditLines(id)).map((l) => [l.action, l.detail.change])).toEqual([
      ["discount_code_created", expect.any(String)],
      ["discount_code_paused", "state active → paused"],
      ["discount_code_resumed", "state paused → active"],
      ["discount_code_expired", "state active → expired"],
    ]);
  });

  it("expires a scheduled code with its start moved back, so it can still be edited", async () => {
    const { id } = await makeCode(admin.cookie, { valid_from: Date.now() + 3_600_000, valid_until: null });
    await answer(await setState(admin.cookie, id, "expire"), 200, DiscountCodeSavedSchema);
    const { code } = await readCode(admin.cookie, id);
    expect(code.state).toBe("expired");
    expect(code.valid_until).toBeGreaterThan(code.valid_from);
  });

  it("shows the site's welcome offer and retention offer read-only, with its credit packages", async () => {
    const { sites } = await listCodes(admin.cookie);
    expect(sites).toEqual([
      expect.objectContaining({
        id: 1,
        welcome: { percent: 20, hours: 48 },
        packages: [
          { id: "100", credits: 100 },
          { id: "250", credits: 250 },
          { id: "600", credits: 600 },
        ],
      }),
    ]);
  });
});
