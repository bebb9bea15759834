/**
 * Visibility across sites (issue 25, point 13; docs/product.md "Visibility across sites",
 * docs/decisions/040): a member of one site shows on the operator's other sites unless they chose
 * "only this site"; advertisements (landers, the match finder, /signup-matches: search.php and
 * profile.php with promotion=1) show entertainment profiles and members who opted in, nothing else.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, MemberAnswerSchema, SearchAnswerSchema, SettingsSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const AMORA = "localhost:8787"; // site 1 (NL, BE, DE, AT)
const VELVET = "velvet.localhost:8787"; // site 3 (also NL)
const AGE = 97; // nobody else in these tests is this old

function birthDate(age: number) {
  const now = new Date();
  return `${now.getUTCFullYear() - age}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
}

/** A real member of Amora, male, NL, aged AGE, with a session. */
async function oldMember(name: string) {
  const member = await createMember({ siteId: 1 });
  await env.DB.prepare("UPDATE members SET name = ?, gender = 'male', date_of_birth = ? WHERE id = ?")
    .bind(name, birthDate(AGE), member.id)
    .run();
  return { ...member, cookie: await loginAs(member) };
}

async function find(host: string, extra = "", cookie?: string) {
  const response = await call(
    `/api/search.php?country=NL&gender=male&min_age=${AGE}&max_age=${AGE}&pp=48&do_not_save=1${extra}`,
    {
      host,
      cookie,
    },
  );
  expect(response.status).toBe(200);
  const answer = SearchAnswerSchema.parse(await response.json());
  return { names: answer.profiles.map((p) => p.name).sort(), total: answer.paging.num_results };
}

async function setVisibility(cookie: string, body: Record<string, unknown>, host = AMORA) {
  return call("/api/user.php", { method: "PUT", cookie, host, json: body });
}

describe("only this site", () => {
  it("another site's search, member page and chat leave the member out; their own site keeps them", async () => {
    const hugo = await oldMember(`Hugo ${Date.now()}`);
    const velvetViewer = await createMember({ siteId: 3 });
    const velvetCookie = await loginAs(velvetViewer, VELVET);

    const before = await find(VELVET, "", velvetCookie);
    expect(before.names).toContain(await nameOf(hugo.id));
    expect((await call(`/api/profile.php?id=${hugo.id}`, { host: VELVET, cookie: velvetCookie })).status).toBe(200);

    const saved = await setVisibility(hugo.cookie, { only_this_site: true });
    expect(saved.status).toBe(200);
    const user = UserAnswerSchema.parse(await saved.json()).user;
    expect(user.visibility).toEqual({ only_this_site: true, promote: false, verified_writers_only: false });

    const after = await find(VELVET, "", velvetCookie);
    expect(after.names).not.toContain(await nameOf(hugo.id));
    expect(after.total).toBe(before.total - 1);
    // As a visitor too (Velvet's search is open to visitors).
    expect((await find(VELVET)).names).not.toContain(await nameOf(hugo.id));
    const page = await call(`/api/profile.php?id=${hugo.id}`, { host: VELVET, cookie: velvetCookie });
    expect(ApiErrorSchema.parse(await page.json()).error).toBe("profile_not_found");
    expect((await call(`/api/chat.php?profile=${hugo.id}`, { host: VELVET, cookie: velvetCookie })).status).toBe(404);
    expect(
      (await call("/api/likes.php", { method: "POST", host: VELVET, cookie: velvetCookie, json: { profile: hugo.id } })).status,
    ).toBe(404);

    // Amora still shows him.
    const amoraViewer = await createMember({ siteId: 1 });
    const amoraCookie = await loginAs(amoraViewer);
    expect((await find(AMORA, "", amoraCookie)).names).toContain(await nameOf(hugo.id));
    expect((await call(`/api/profile.php?id=${hugo.id}`, { host: AMORA, cookie: amoraCookie })).status).toBe(200);

    // And back.
    expect((await setVisibility(hugo.cookie, { only_this_site: false })).status).toBe(200);
    expect((await find(VELVET, "", velvetCookie)).names).toContain(await nameOf(hugo.id));
  });

  it("refuses bad input (wrong types, unknown fields) and needs a member", async () => {
    const member = await oldMember(`Ivo ${Date.now()}`);
    for (const body of [{ only_this_site: "yes" }, { promote: 1 }, { only_this_site: null }, { promote: true, other: 1 }]) {
      const response = await setVisibility(member.cookie, body);
      expect(response.status).toBe(422);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("invalid_input");
    }
    expect((await call("/api/user.php", { method: "PUT", json: { only_this_site: true } })).status).toBe(403);
    const user = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: member.cookie })).json()).user;
    expect(user.visibility).toEqual({ only_this_site: false, promote: false, verified_writers_only: false });
  });
});

describe("advertisements show entertainment profiles and members who opted in, nothing else", () => {
  it("search.php?promotion=1 leaves out members until they opt in; their own site's landers too", async () => {
    const name = `Jan ${Date.now()}`;
    const jan = await oldMember(name);
    const fictional = `Fictional ${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO members (site_id, name, gender, date_of_birth, country, city, is_fictional, signup_date) VALUES (1, ?, 'male', ?, 'NL', 'Utrecht', 1, ?)",
    )
      .bind(fictional, birthDate(AGE), Date.now())
      .run();

    for (const host of [AMORA, VELVET]) {
      const ad = await find(host, "&promotion=1");
      expect(ad.names).toContain(fictional);
      expect(ad.names).not.toContain(name);
      // The ordinary search still shows him.
      expect((await find(host)).names).toContain(name);
    }
    const adPage = await call(`/api/profile.php?id=${jan.id}&promotion=1`, { host: AMORA });
    expect(ApiErrorSchema.parse(await adPage.json()).error).toBe("profile_not_found");
    const fictionalId = (await env.DB.prepare("SELECT id FROM members WHERE name = ?").bind(fictional).first<{ id: number }>())!
      .id;
    expect((await call(`/api/profile.php?id=${fictionalId}&promotion=1`, { host: AMORA })).status).toBe(200);
    const bad = await call(`/api/search.php?country=NL&promotion=maybe`, { host: AMORA });
    expect(bad.status).toBe(422);
    expect((await call(`/api/profile.php?id=${jan.id}&promotion=2`, { host: AMORA })).status).toBe(422);

    // He opts in: the ads show him, on every site that shows him at all.
    expect((await setVisibility(jan.cookie, { promote: true })).status).toBe(200);
    const before = await find(VELVET, "&promotion=1");
    expect(before.names).toContain(name);
    expect((await find(AMORA, "&promotion=1")).names).toContain(name);
    MemberAnswerSchema.parse(await (await call(`/api/profile.php?id=${jan.id}&promotion=1`, { host: AMORA })).json());

    // Only this site: Amora's ads only.
    expect((await setVisibility(jan.cookie, { only_this_site: true })).status).toBe(200);
    const after = await find(VELVET, "&promotion=1");
    expect(after.names).not.toContain(name);
    expect(after.total).toBe(before.total - 1);
    expect((await find(AMORA, "&promotion=1")).names).toContain(name);
  });
});

describe("the sites a member is shown on", () => {
  it("settings.php names this site first, then the sites that share a country with it", async () => {
    const amora = SettingsSchema.parse(await (await call("/api/settings.php", { host: AMORA })).json());
    expect(amora.network_sites[0]).toBe("Amora");
    expect(amora.network_sites).toContain("Velvet Room");
    const velvet = SettingsSchema.parse(await (await call("/api/settings.php", { host: VELVET })).json());
    expect(velvet.network_sites[0]).toBe("Velvet Room");
    expect(velvet.network_sites).toContain("Amora");
  });
});

async function nameOf(id: number): Promise<string> {
  return (await env.DB.prepare("SELECT name FROM members WHERE id = ?").bind(id).first<{ name: string }>())!.name;
}

describe("a member's own page (issue 29 point 4)", () => {
  it("a member whose address is not confirmed sees their own page (the preview); others do not see it yet", async () => {
    const member = await oldMember("Pending Preview");
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(member.id).run();
    const own = await call(`/api/profile.php?id=${member.id}`, { host: AMORA, cookie: member.cookie });
    expect(own.status).toBe(200);
    expect(MemberAnswerSchema.parse(await own.json()).profile.name).toBe("Pending Preview");
    const other = await oldMember("Someone Else");
    const seen = await call(`/api/profile.php?id=${member.id}`, { host: AMORA, cookie: other.cookie });
    expect(seen.status).toBe(404);
    expect(ApiErrorSchema.parse(await seen.json()).error).toBe("profile_not_found");
  });
});
