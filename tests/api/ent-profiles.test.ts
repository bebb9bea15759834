/**
 * Entertainment profiles managed by admins (issue 27 "Entertainment profiles are managed, not
 * seeded"; workers/api/endpoints/staff/ent-profiles.ts) on real D1: who may make the calls, what
 * a new or changed profile looks like to the admin and to members, the input refused, and the
 * admin's scope. Retiring, photos, persona notes and the hosts who wrote: ent-profiles-use.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { EntProfileSavedSchema } from "../../contract/entertainment";
import { NAME_MAX, PERSONAL_MAX } from "../../contract/limits";
import { MemberAnswerSchema } from "../../contract/schemas";
import { AuditAnswerSchema } from "../../contract/staff";
import {
  admin,
  auditLines,
  createEnt,
  entCalls,
  everyCallOn,
  everyEntCall,
  listOf,
  profileOf,
  uniqueName,
  validBody,
  writtenRows,
} from "./ent-profile-helpers";
import { call, ensureSites } from "./helpers";
import { answer, type Chatter, createChatter, createHost, errorOf, type SignedInStaff } from "./host-helpers";

beforeAll(ensureSites);

/** A date of birth `years` ago today, moved by `days` (1: the birthday is tomorrow). */
function bornYearsAgo(years: number, days = 0) {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

describe("who may make the entertainment-profile calls", () => {
  let site1Admin: SignedInStaff;
  let id: number;
  beforeAll(async () => {
    site1Admin = await admin(1);
    id = (await createEnt(site1Admin.cookie)).id;
  });

  it("a host and a moderator: 403 staff_role on every call, nothing changed", async () => {
    const before = await writtenRows();
    for (const role of ["host", "moderator"] as const) {
      const staff = await createHost({ siteId: 1, role });
      for (const make of everyEntCall(id)) await errorOf(await make(staff.cookie), 403, "staff_role");
    }
    expect(await writtenRows()).toEqual(before);
    expect((await profileOf(site1Admin.cookie, id)).retired).toBe(false);
  });

  it("a member's session: 403 staff_only; no session: 401 staff_login_required", async () => {
    const member = await createChatter();
    for (const make of everyEntCall(id)) await errorOf(await make(member.cookie), 403, "staff_only");
    for (const make of everyEntCall(id)) await errorOf(await make(undefined), 401, "staff_login_required");
  });
});

describe("an admin makes and changes an entertainment profile (POST ent_profile.php)", () => {
  let member: Chatter;
  let siteAdmin: SignedInStaff;
  beforeAll(async () => {
    [member, siteAdmin] = await Promise.all([createChatter(), admin(1)]);
  });

  for (const [who, siteId] of [
    ["an admin of site 1", 1],
    ["a platform admin", null],
  ] as const) {
    it(`${who}: 201 with an id; the admin's view, the list, the public profile and the audit show it`, async () => {
      const me = await admin(siteId);
      const { id, body } = await createEnt(me.cookie, { date_of_birth: bornYearsAgo(30, 1) });

      const view = await profileOf(me.cookie, id);
      expect(view.profile).toMatchObject({
        id,
        name: body.name,
        gender: "female",
        age: 29,
        date_of_birth: body.date_of_birth,
        country: "NL",
        city: "Utrecht",
        language: "nl",
        fictional: true,
        images: [],
        main_image: null,
        personal: { about_me: body.about_me, looking_for: body.looking_for },
      });
      expect(view).toMatchObject({ site_id: 1, site_name: "Amora", only_this_site: false, retired: false, hosts: [] });
      expect(view.persona_notes).toEqual({ text: "", version: 0, updated_by: null, updated_at: null });
      // A platform admin may pick every site in D1 (other files add theirs: files share D1).
      const everySite = (await env.DB.prepare("SELECT id FROM sites").all<{ id: number }>()).results.map((s) => s.id);
      expect(view.sites.map((s) => s.id).sort()).toEqual(siteId === null ? everySite.sort() : [1]);

      const list = await listOf(me.cookie);
      expect(list.profiles.find((p) => p.id === id)).toEqual({
        id,
        name: body.name,
        age: 29,
        city: "Utrecht",
        language: "nl",
        site_name: "Amora",
        only_this_site: false,
        retired: false,
        thumb_filename: null,
        conversations: 0,
        waiting: 0,
        replies: 0,
      });
      expect(list.sites).toEqual(view.sites);

      const shown = await answer(await call(`/api/profile.php?id=${id}`, { cookie: member.cookie }), 200, MemberAnswerSchema);
      expect(shown.profile).toMatchObject({ id, name: body.name, fictional: true, age: 29, date_of_birth: null });

      // The line names the profile's site: the site admin's audit log shows a platform admin's change too.
      expect(await auditLines("ent_profile_created", id)).toEqual([[1, me.id]]);
      const log = await answer(await call("/api/staff/audit.php", { cookie: siteAdmin.cookie }), 200, AuditAnswerSchema);
      expect(log.entries.find((e) => e.action === "ent_profile_created" && e.member_id === id)).toMatchObject({
        staff_name: me.name,
        detail: { name: body.name },
      });
    });
  }

  it("changes: 200, the values changed, still the same profile (and a retired one stays retired)", async () => {
    const me = await admin(1);
    const { id } = await createEnt(me.cookie);
    const changes = validBody({
      id,
      name: uniqueName(),
      gender: "male",
      date_of_birth: "1980-01-31",
      country: "BE",
      city: "Antwerpen",
      language: "de",
      about_me: "  Changed.\r\nTwo lines.  ",
      looking_for: "",
      only_this_site: true,
    });
    const saved = await answer(await entCalls.save(me.cookie, changes), 200, EntProfileSavedSchema);
    expect(saved).toEqual({ id, retired: false });
    const view = await profileOf(me.cookie, id);
    expect(view.profile).toMatchObject({
      id,
      name: changes.name,
      gender: "male",
      date_of_birth: "1980-01-31",
      country: "BE",
      city: "Antwerpen",
      language: "de",
      fictional: true,
      personal: { about_me: "Changed.\nTwo lines.", looking_for: "" },
    });
    expect(view.only_this_site).toBe(true);
    expect(await auditLines("ent_profile_changed", id)).toEqual([[1, me.id]]);

    await answer(await entCalls.state(me.cookie, { id, retired: true }), 200, EntProfileSavedSchema);
    const again = await answer(await entCalls.save(me.cookie, { ...changes, city: "Gent" }), 200, EntProfileSavedSchema);
    expect(again).toEqual({ id, retired: true });
    expect((await profileOf(me.cookie, id)).profile.city).toBe("Gent");
  });
});

describe("bad input: 422, nothing written", () => {
  let me: SignedInStaff;
  beforeAll(async () => {
    me = await admin(1);
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ["an empty name", { name: "   " }, "name"],
    ["a name over NAME_MAX", { name: "a".repeat(NAME_MAX + 1) }, "name"],
    ["under 18", { date_of_birth: bornYearsAgo(18, 1) }, "date_of_birth"],
    ["a date that is not one", { date_of_birth: "1990-02-30" }, "date_of_birth"],
    ["a date in another format", { date_of_birth: "20-05-1994" }, "date_of_birth"],
    ["a country in lower case", { country: "nl" }, "country"],
    ["a three-letter country", { country: "NLD" }, "country"],
    ["an unknown language", { language: "xx" }, "language"],
    ["about_me over PERSONAL_MAX", { about_me: "a".repeat(PERSONAL_MAX + 1) }, "about_me"],
    ["gender x", { gender: "x" }, "gender"],
    ['only_this_site "yes"', { only_this_site: "yes" }, "only_this_site"],
    ["a name that is a number", { name: 42 }, "name"],
    ["a site that is not a number", { site: "one" }, "site"],
    ["about_me as a list", { about_me: ["hi"] }, "about_me"],
    ["no city", { city: undefined }, "city"],
  ];

  for (const [what, change, field] of refused) {
    it(what, async () => {
      const before = await writtenRows();
      const error = await errorOf(await entCalls.save(me.cookie, { ...validBody(), ...change }), 422, "invalid_input");
      expect(Object.keys(error.fields ?? {})).toContain(field);
      expect(await writtenRows()).toEqual(before);
    });
  }

  it("an id that is not one, or none: 422 on GET ent_profile.php and in a change", async () => {
    const before = await writtenRows();
    for (const id of ["abc", "0", "-3", "1.5", ""]) await errorOf(await entCalls.get(me.cookie, id), 422, "invalid_input");
    await errorOf(await call("/api/staff/ent_profile.php", { cookie: me.cookie }), 422, "invalid_input");
    await errorOf(await entCalls.save(me.cookie, validBody({ id: "abc" as unknown as number })), 422, "invalid_input");
    expect(await writtenRows()).toEqual(before);
  });

  it("a body that is not an object", async () => {
    const before = await writtenRows();
    await errorOf(await entCalls.save(me.cookie, ["Mila"]), 422);
    await errorOf(await entCalls.save(me.cookie, "Mila"), 422);
    expect(await writtenRows()).toEqual(before);
  });

  it("18 today is old enough", async () => {
    await createEnt(me.cookie, { date_of_birth: bornYearsAgo(18) });
  });

  it("a site outside the admin's scope, or no such site: 422 fields.site", async () => {
    const before = await writtenRows();
    for (const site of [2, 999]) {
      const error = await errorOf(await entCalls.save(me.cookie, validBody({ site })), 422, "invalid_input");
      expect(error.fields).toEqual({ site: "invalid" });
    }
    // Nor can a profile be moved there.
    const { id } = await createEnt(me.cookie);
    const after = await writtenRows();
    await errorOf(await entCalls.save(me.cookie, validBody({ id, site: 2 })), 422, "invalid_input");
    expect((await profileOf(me.cookie, id)).site_id).toBe(1);
    expect(await writtenRows()).toEqual(after);
    expect(after.members).toBe(before.members + 1);
    // A platform admin has no site it cannot name, but still no unknown one.
    const platform = await admin(null);
    await errorOf(await entCalls.save(platform.cookie, validBody({ site: 999 })), 422, "invalid_input");
  });
});

describe("scope", () => {
  let site1Admin: SignedInStaff;
  let site2Admin: SignedInStaff;
  let id: number;
  let image: number;
  beforeAll(async () => {
    [site1Admin, site2Admin] = await Promise.all([admin(1), admin(2)]);
    id = (await createEnt(site1Admin.cookie)).id;
    const uploaded = await entCalls.upload(site1Admin.cookie, id);
    expect(uploaded.status).toBe(201);
    image = (await profileOf(site1Admin.cookie, id)).profile.images[0]!.id;
  });

  it("a site-2 admin: 404 not_found for a site-1 profile on every call, nothing changed, not in their list", async () => {
    const before = await profileOf(site1Admin.cookie, id);
    const rows = await writtenRows();
    const other = site2Admin.cookie;
    await errorOf(await entCalls.get(other, id), 404, "not_found");
    await errorOf(await entCalls.save(other, validBody({ id, site: 2 })), 404, "not_found");
    await errorOf(await entCalls.state(other, { id, retired: true }), 404, "not_found");
    await errorOf(await entCalls.notes(other, { id, text: "Mine now.", version: 0 }), 404, "not_found");
    await errorOf(await entCalls.upload(other, id), 404, "not_found");
    await errorOf(await entCalls.removePhoto(other, { profile: id, image }), 404, "not_found");
    expect(await profileOf(site1Admin.cookie, id)).toEqual(before);
    expect(await writtenRows()).toEqual(rows);
    expect((await listOf(other)).profiles.some((p) => p.id === id)).toBe(false);
    expect((await listOf(site1Admin.cookie)).profiles.some((p) => p.id === id)).toBe(true);
  });

  it("a real member's id: 404 not_found for every call, even for a platform admin", async () => {
    const member = await createChatter();
    const platform = await admin(null);
    const rows = await writtenRows();
    for (const make of everyCallOn(member.id)) await errorOf(await make(platform.cookie), 404, "not_found");
    expect(await writtenRows()).toEqual(rows);
    const shown = await answer(
      await call(`/api/profile.php?id=${member.id}`, { cookie: member.cookie }),
      200,
      MemberAnswerSchema,
    );
    expect(shown.profile).toMatchObject({ fictional: false, images: [], name: "Tess" });
  });
});
