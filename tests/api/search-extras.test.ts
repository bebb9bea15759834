/**
 * search.php's extras (docs/decisions/062): distance from the member's city, recently active,
 * with a photo, and the order (newest, nearest, recently active). New Zealand holds exactly the
 * profiles below in this file: Ana in Auckland (seen now, with a photo), Hemi in Hamilton (about
 * 110 km away, seen three days ago) and Wiremu in Wellington (about 490 km, never seen).
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, SearchAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

const CITIES = [
  { id: 9101, name: "Auckland", lat: -36.85, lng: 174.76 },
  { id: 9102, name: "Hamilton", lat: -37.787, lng: 175.28 },
  { id: 9103, name: "Wellington", lat: -41.29, lng: 174.78 },
];
const DAY = 86_400_000;

let cookie = "";

beforeAll(async () => {
  await ensureSites();
  await env.DB.prepare("INSERT OR IGNORE INTO regions (id, country, name) VALUES (91, 'NZ', 'North Island')").run();
  for (const city of CITIES) {
    await env.DB.prepare("INSERT OR IGNORE INTO cities (id, region_id, country, name, lat, lng) VALUES (?, 91, 'NZ', ?, ?, ?)")
      .bind(city.id, city.name, city.lat, city.lng)
      .run();
  }
  const profiles = [
    { name: "Ana", city: CITIES[0]!, seen: Date.now(), photo: true },
    { name: "Hemi", city: CITIES[1]!, seen: Date.now() - 3 * DAY, photo: false },
    { name: "Wiremu", city: CITIES[2]!, seen: null, photo: false },
  ];
  for (const [i, p] of profiles.entries()) {
    const row = await env.DB.prepare(
      `INSERT INTO members (site_id, name, gender, date_of_birth, country, countryregion, city, lat, lng, is_fictional, signup_date, last_seen)
       VALUES (1, ?, 'male', '1990-01-01', 'NZ', 91, ?, ?, ?, 1, ?, ?) RETURNING id`,
    )
      .bind(p.name, p.city.name, p.city.lat, p.city.lng, Date.now() - i, p.seen)
      .first<{ id: number }>();
    if (p.photo) {
      const image = await env.DB.prepare(
        "INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, 0, ?) RETURNING id",
      )
        .bind(row!.id, `nz-${row!.id}.jpg`, Date.now())
        .first<{ id: number }>();
      await env.DB.prepare("UPDATE members SET main_image_id = ? WHERE id = ?").bind(image!.id, row!.id).run();
    }
  }
  // The searching member moves to Auckland through the profile call, which finds the city's place.
  const member = await createMember();
  cookie = await loginAs(member);
  const moved = await call("/api/user.php", {
    method: "PUT",
    cookie,
    json: { country: "NZ", countryregion: 91, city: "Auckland", interested_in: "male" },
  });
  expect(moved.status).toBe(200);
});

async function search(query: string, as = cookie) {
  const response = await call(`/api/search.php?country=NZ&gender=male&min_age=18&max_age=100&do_not_save=1&${query}`, {
    cookie: as,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function names(query: string) {
  const { status, body } = await search(query);
  expect(status).toBe(200);
  const answer = SearchAnswerSchema.parse(body);
  // The count agrees with the list (these are few).
  expect(answer.paging.num_results).toBe(answer.profiles.length);
  return answer.profiles.map((p) => p.name);
}

describe("search.php's extras", () => {
  it("finds the member's place from the city they give, and says how far each card is", async () => {
    const { lat, lng } = (await env.DB.prepare(
      "SELECT lat, lng FROM members WHERE city = 'Auckland' AND email IS NOT NULL",
    ).first<{
      lat: number;
      lng: number;
    }>())!;
    expect([lat, lng]).toEqual([-36.85, 174.76]);
    const answer = SearchAnswerSchema.parse((await search("sort=nearest")).body);
    expect(answer.profiles.map((p) => [p.name, p.distance_km])).toEqual([
      ["Ana", 0],
      ["Hemi", expect.closeTo(110, -1)],
      ["Wiremu", expect.closeTo(494, -1)],
    ]);
    expect(answer.extras).toEqual({ distance: null, active: false, photo: false, sort: "nearest", location_known: true });
  });

  it("keeps to a distance", async () => {
    expect(await names("distance=25")).toEqual(["Ana"]);
    expect(await names("distance=250&sort=nearest")).toEqual(["Ana", "Hemi"]);
    expect((await names("distance=250")).sort()).toEqual(["Ana", "Hemi"]);
  });

  it("pages nearest first without repeating anyone", async () => {
    const shown: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = SearchAnswerSchema.parse((await search(`sort=nearest&pp=1&page=${page}`)).body);
      expect(answer.paging.num_results).toBe(3);
      shown.push(...answer.profiles.map((p) => p.name));
    }
    expect(shown).toEqual(["Ana", "Hemi", "Wiremu"]);
  });

  it("keeps to the recently active and to profiles with a photo, and sorts by activity", async () => {
    expect(await names("active=1")).toEqual(["Ana"]);
    expect(await names("photo=1")).toEqual(["Ana"]);
    expect(await names("sort=active")).toEqual(["Ana", "Hemi", "Wiremu"]);
  });

  it("leaves the distance out for a member whose city has no known place, and says so", async () => {
    const other = await createMember();
    const otherCookie = await loginAs(other);
    await call("/api/user.php", { method: "PUT", cookie: otherCookie, json: { country: "NZ", city: "Nowhere Creek" } });
    const answer = SearchAnswerSchema.parse((await search("distance=10&sort=nearest", otherCookie)).body);
    expect(answer.extras).toMatchObject({ distance: null, sort: "newest", location_known: false });
    expect(answer.profiles.map((p) => p.name).sort()).toEqual(["Ana", "Hemi", "Wiremu"]);
    expect(answer.profiles.every((p) => p.distance_km === undefined)).toBe(true);
  });

  it("refuses a distance, order or flag it does not know with 422 and the field", async () => {
    for (const [query, field] of [
      ["distance=7", "distance"],
      ["distance=ten", "distance"],
      ["sort=random", "sort"],
      ["active=maybe", "active"],
      ["photo=2", "photo"],
    ] as const) {
      const { status, body } = await search(query);
      expect(status, query).toBe(422);
      const error = ApiErrorSchema.parse(body);
      expect(Object.keys(error.fields ?? {}), query).toContain(field);
    }
  });
});
