/**
 * The sign-up's profile steps: PUT user.php (place, name, gender, date of birth, about-me, select
 * fields, interests, the step reached), and the definitions the form is built from (GET
 * profile_fields.php and interests.php, labelled in the site's language).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { InterestsAnswerSchema, ProfileFieldsAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { messages } from "../../contract/messages";
import { call, createMember, ensureSites } from "./helpers";
import { SITE2, signUp, memberRow, expectError } from "./signup-helpers";

beforeAll(ensureSites);

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Today, `years` years ago (28 February when today is 29 February). */
function yearsAgo(years: number): string {
  const now = new Date();
  const day = now.getUTCMonth() === 1 && now.getUTCDate() === 29 ? 28 : now.getUTCDate();
  return isoDate(new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), day)));
}

describe("PUT /api/user.php", () => {
  const put = (cookie: string | undefined, json: unknown) => call("/api/user.php", { method: "PUT", json, cookie });

  async function userAfter(response: Response) {
    expect(response.status).toBe(200);
    return UserAnswerSchema.parse(await response.json()).user;
  }

  it("saves country, region and city", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { country: "NL", countryregion: 2, city: "  Haarlem " }));
    expect(saved.profile).toMatchObject({ country: "NL", countryregion: 2, city: "Haarlem" });
    expect(await memberRow(user.profile.id)).toMatchObject({ country: "NL", countryregion: 2, city: "Haarlem" });
  });

  it("refuses a region of another country with 422 not_in_country, changing nothing", async () => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { country: "NL", countryregion: 1 }));
    await expectError(await put(cookie, { country: "NL", countryregion: 3 }), 422, "invalid_input", {
      countryregion: "not_in_country",
    });
    await expectError(await put(cookie, { countryregion: 3 }), 422, "invalid_input", { countryregion: "not_in_country" });
    await expectError(await put(cookie, { countryregion: 999999 }), 422, "invalid_input", { countryregion: "not_in_country" });
    expect(await memberRow(user.profile.id)).toMatchObject({ country: "NL", countryregion: 1 });
    // With its own country it is fine.
    expect((await userAfter(await put(cookie, { country: "BE", countryregion: 3 }))).profile).toMatchObject({
      country: "BE",
      countryregion: 3,
    });
  });

  it("refuses a country the site does not serve", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { country: "JP" }), 422, "invalid_input", { country: "not_allowed" });
    await expectError(await put(cookie, { country: "nl" }), 422, "invalid_input", { country: expect.any(String) });
    expect((await memberRow(user.profile.id)).country).toBe("NL");
  });

  it("resets the region when the country changes without one", async () => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { country: "NL", countryregion: 2 }));
    const moved = await userAfter(await put(cookie, { country: "BE" }));
    expect(moved.profile).toMatchObject({ country: "BE", countryregion: null });
    expect((await memberRow(user.profile.id)).countryregion).toBeNull();
    // The same country again keeps the region.
    await userAfter(await put(cookie, { country: "BE", countryregion: 3 }));
    expect((await userAfter(await put(cookie, { country: "BE" }))).profile.countryregion).toBe(3);
  });

  it("refuses a city over 255 characters, and an empty city clears it", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { city: "c".repeat(256) }), 422, "invalid_input", { city: "too_big" });
    expect((await memberRow(user.profile.id)).city).toBeNull();
    expect((await userAfter(await put(cookie, { city: "c".repeat(255) }))).profile.city).toBe("c".repeat(255));
    expect((await userAfter(await put(cookie, { city: "" }))).profile.city).toBeNull();
  });

  it("changes the name by the sign-up's rule, against the member's own address (issue 16)", async () => {
    const { user, cookie } = await signUp();
    const renamed = await userAfter(await put(cookie, { name: "  Kim Two " }));
    expect(renamed.profile.name).toBe("Kim Two");
    expect((await memberRow(user.profile.id)).name).toBe("Kim Two");
    for (const [name, code] of [
      ["", "required"],
      ["   ", "required"],
      ["n".repeat(151), "too_big"],
      ["@kim", "name_starts_with_at"],
      [user.email.toUpperCase(), "name_equal_to_email"],
    ] as const) {
      await expectError(await put(cookie, { name }), 422, "invalid_input", { name: code });
    }
    await expectError(await put(cookie, { name: 42 }), 422, "invalid_input", { name: expect.any(String) });
    expect((await memberRow(user.profile.id)).name).toBe("Kim Two");
    // Another member's address is just a name.
    expect((await userAfter(await put(cookie, { name: "someone@example.com" }))).profile.name).toBe("someone@example.com");
  });

  it("saves the gender and refuses another value", async () => {
    const { user, cookie } = await signUp();
    expect((await userAfter(await put(cookie, { gender: "male" }))).profile.gender).toBe("male");
    await expectError(await put(cookie, { gender: "other" }), 422, "invalid_input", { gender: expect.any(String) });
    expect((await memberRow(user.profile.id)).gender).toBe("male");
  });

  it("saves whom the member is interested in (issue 16)", async () => {
    const { user, cookie } = await signUp();
    expect(user.profile.interested_in).toBeNull();
    for (const value of ["male", "female", "everyone", null] as const) {
      expect((await userAfter(await put(cookie, { interested_in: value }))).profile.interested_in).toBe(value);
      expect((await memberRow(user.profile.id)).interested_in).toBe(value);
    }
    await expectError(await put(cookie, { interested_in: "robots" }), 422, "invalid_input", {
      interested_in: expect.any(String),
    });
  });

  it("takes whom the member is interested in with the sign-up's profile", async () => {
    const { user } = await signUp({ profile: { gender: "male", interested_in: "male" } });
    expect(user.profile).toMatchObject({ gender: "male", interested_in: "male" });
  });

  it("saves a valid date of birth and clears it with null", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { date_of_birth: "1990-06-15" }));
    expect(saved.profile.date_of_birth).toBe("1990-06-15");
    expect(saved.profile.age).toBeGreaterThanOrEqual(35);
    const eighteen = yearsAgo(18);
    expect((await userAfter(await put(cookie, { date_of_birth: eighteen }))).profile.age).toBe(18);
    const cleared = await userAfter(await put(cookie, { date_of_birth: null }));
    expect(cleared.profile).toMatchObject({ date_of_birth: null, age: null });
    expect((await memberRow(user.profile.id)).date_of_birth).toBeNull();
  });

  it.each([
    ["a 17-year-old", () => yearsAgo(17)],
    ["30 February", () => "2000-02-30"],
    ["month 0", () => "2000-00-10"],
    ["day 0", () => "2000-01-00"],
    ["a 101-year-old", () => yearsAgo(101)],
    ["another format", () => "15-06-1990"],
  ])("refuses %s as date of birth with 422 date_of_birth_error", async (_, date) => {
    const { user, cookie } = await signUp();
    await userAfter(await put(cookie, { date_of_birth: "1990-06-15" }));
    await expectError(await put(cookie, { date_of_birth: date() }), 422, "invalid_input", {
      date_of_birth: "date_of_birth_error",
    });
    expect((await memberRow(user.profile.id)).date_of_birth).toBe("1990-06-15");
  });

  it("stores about-me text verbatim (the app renders it as text) and refuses unknown keys", async () => {
    const { user, cookie } = await signUp();
    const script = "<script>alert(1)</script>";
    const saved = await userAfter(await put(cookie, { personal: { about_me: script } }));
    expect(saved.profile.personal).toEqual({ about_me: script });
    expect(JSON.parse((await memberRow(user.profile.id)).personal as string)).toEqual({ about_me: script });
    // Another note merges; an empty one removes it.
    expect((await userAfter(await put(cookie, { personal: { looking_for: "Someone kind" } }))).profile.personal).toEqual({
      about_me: script,
      looking_for: "Someone kind",
    });
    expect((await userAfter(await put(cookie, { personal: { looking_for: "" } }))).profile.personal).toEqual({
      about_me: script,
    });

    await expectError(await put(cookie, { personal: { hobby: "x" } }), 422, "invalid_input", {
      "personal.hobby": "unknown_field",
    });
    await expectError(await put(cookie, { personal: { about_me: 5 } }), 422, "invalid_input");
    expect(JSON.parse((await memberRow(user.profile.id)).personal as string)).toEqual({ about_me: script });
  });

  it("saves select fields and interests, refusing values and fields the definition does not have", async () => {
    const { user, cookie } = await signUp();
    const saved = await userAfter(await put(cookie, { fields: { smoking: "no", interests: "travel,music" } }));
    expect(saved.profile.fields).toEqual({ smoking: "no", interests: "travel,music" });

    await expectError(await put(cookie, { fields: { smoking: "maybe" } }), 422, "invalid_input", {
      "fields.smoking": "not_allowed",
    });
    await expectError(await put(cookie, { fields: { unknown: "x" } }), 422, "invalid_input", {
      "fields.unknown": "unknown_field",
    });
    await expectError(await put(cookie, { fields: { interests: "travel,hacking" } }), 422, "invalid_input", {
      "fields.interests": "not_allowed",
    });
    expect(JSON.parse((await memberRow(user.profile.id)).fields as string)).toEqual({ smoking: "no", interests: "travel,music" });
  });

  it("saves lastSignupStep 0 to 7 and refuses 8", async () => {
    const { user, cookie } = await signUp();
    expect((await userAfter(await put(cookie, { lastSignupStep: 4 }))).profile.lastSignupStep).toBe(4);
    expect((await memberRow(user.profile.id)).last_signup_step).toBe(4);
    await expectError(await put(cookie, { lastSignupStep: 8 }), 422, "invalid_input", { lastSignupStep: expect.any(String) });
    await expectError(await put(cookie, { lastSignupStep: 2.5 }), 422, "invalid_input", { lastSignupStep: expect.any(String) });
    expect((await memberRow(user.profile.id)).last_signup_step).toBe(4);
  });

  it("refuses an unknown top-level key, changing nothing", async () => {
    const { user, cookie } = await signUp();
    await expectError(await put(cookie, { city: "Delft", status: "active" }), 422, "invalid_input");
    await expectError(await put(cookie, { city: "Delft", site_id: 2 }), 422, "invalid_input");
    expect(await memberRow(user.profile.id)).toMatchObject({ city: null, status: "not_confirmed", email: user.email });
  });

  it("answers a visitor with 403 not_logged_in", async () => {
    await expectError(await put(undefined, { city: "Delft" }), 403, "not_logged_in");
    await expectError(await put("sid=made-up", { city: "Delft" }), 403, "not_logged_in");
  });

  it("only ever changes the session's own member", async () => {
    const other = await createMember();
    const before = await memberRow(other.id);
    const { user, cookie } = await signUp();
    const response = await call(`/api/user.php?id=${other.id}&profile=${other.id}`, {
      method: "PUT",
      cookie,
      json: { city: "Delft", country: "BE", countryregion: 3, gender: "male" },
    });
    const saved = await userAfter(response);
    expect(saved.profile.id).toBe(user.profile.id);
    expect(saved.profile.city).toBe("Delft");
    await expectError(await put(cookie, { id: other.id, city: "Leiden" }), 422, "invalid_input");
    expect(await memberRow(other.id)).toEqual(before);
  });

  it("does not accept a session from another site", async () => {
    const { cookie } = await signUp();
    const response = await call("/api/user.php", { method: "PUT", json: { city: "Delft" }, cookie, host: SITE2 });
    await expectError(response, 403, "not_logged_in");
  });
});

describe("GET /api/profile_fields.php and /api/interests.php", () => {
  type Tree = { [key: string]: string | Tree };
  const en = messages.en as unknown as Tree;
  const lookup = (tree: Tree, key: string): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : undefined;
  };

  it("lists the select fields with allowed values and English labels, and the site's about-me texts", async () => {
    const response = await call("/api/profile_fields.php?language=en");
    expect(response.status).toBe(200);
    const { fields } = ProfileFieldsAnswerSchema.parse(await response.json());
    const selects = fields.filter((f) => f.type === "select");
    expect(selects.map((f) => f.name)).toEqual(["relationship_status", "children", "body_type", "smoking"]);
    const smoking = selects.find((f) => f.name === "smoking")!;
    expect(smoking).toEqual({
      name: "smoking",
      type: "select",
      label: "Smoking",
      allowed_values: [
        { value: "no", label: "Non-smoker" },
        { value: "sometimes", label: "Smokes sometimes" },
        { value: "yes", label: "Smoker" },
      ],
    });
    const texts = fields.filter((f) => f.type === "text");
    expect(texts).toEqual([
      { name: "about_me", type: "text", label: "About me", max_length: 2000 },
      { name: "looking_for", type: "text", label: "Who I am looking for", max_length: 2000 },
    ]);
    // Site 2 shows only about_me.
    const site2 = ProfileFieldsAnswerSchema.parse(
      await (await call("/api/profile_fields.php?language=en", { host: SITE2 })).json(),
    );
    expect(site2.fields.filter((f) => f.type === "text").map((f) => f.name)).toEqual(["about_me"]);
  });

  it("labels in Dutch where the translation exists, else in English, never with raw keys", async () => {
    const nl = messages.nl as unknown as Tree;
    const enFields = ProfileFieldsAnswerSchema.parse(await (await call("/api/profile_fields.php?language=en")).json()).fields;
    const nlFields = ProfileFieldsAnswerSchema.parse(await (await call("/api/profile_fields.php?language=nl")).json()).fields;
    // The same structure.
    expect(nlFields.map((f) => [f.name, f.type])).toEqual(enFields.map((f) => [f.name, f.type]));
    for (const field of nlFields) {
      const key = field.type === "select" ? `profileFields.${field.name}.label` : `profileNotes.${field.name}`;
      expect(field.label, key).toBe(lookup(nl, key) ?? lookup(en, key));
      if (field.type === "select") {
        for (const option of field.allowed_values) {
          const valueKey = `profileFields.${field.name}.values.${option.value}`;
          expect(option.label, valueKey).toBe(lookup(nl, valueKey) ?? lookup(en, valueKey));
        }
      }
    }
  });

  it("lists the 12 interests with their names", async () => {
    const response = await call("/api/interests.php?language=en");
    expect(response.status).toBe(200);
    const { interests } = InterestsAnswerSchema.parse(await response.json());
    expect(interests).toHaveLength(12);
    expect(interests[0]).toEqual({ id: "travel", name: "Travel" });
    expect(interests.map((i) => i.id)).toContain("wine");
    for (const interest of interests) expect(interest.name).toBe(lookup(en, `interests.${interest.id}`));
  });

  it("names interests in Dutch where translated, else in English, never with raw keys (site 2 speaks Dutch)", async () => {
    const nl = messages.nl as unknown as Tree;
    const { interests } = InterestsAnswerSchema.parse(await (await call("/api/interests.php", { host: SITE2 })).json());
    expect(interests).toHaveLength(12);
    for (const interest of interests) {
      const key = `interests.${interest.id}`;
      expect(interest.name, key).toBe(lookup(nl, key) ?? lookup(en, key));
    }
  });
});
