/**
 * Writes the demo data into local D1 and R2 (the same on-disk state `npm start` serves).
 * Idempotent: a finished seed of the same size is skipped, so a second start is instant.
 *
 *   tsx scripts/seed.ts                     500 profiles into .wrangler/state
 *   tsx scripts/seed.ts --profiles 100000   benchmark scale
 *   STATE_DIR=.wrangler/e2e tsx scripts/seed.ts
 */
import { parseArgs } from "node:util";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "../workers/api/lib/passwords";
import { GEO, COUNTRY_CODES } from "../workers/api/seed/geo-data";
import { renderPhoto } from "../workers/api/seed/photos";
import { seedProfile, SEED_EPOCH } from "../workers/api/seed/profiles";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SITES } from "../workers/api/seed/sites";

const { values } = parseArgs({
  options: {
    profiles: { type: "string", default: "500" },
    force: { type: "boolean", default: false },
  },
});
const profileCount = Number(values.profiles);
if (!Number.isInteger(profileCount) || profileCount < 1) throw new Error("--profiles must be a positive integer");

/** Profiles past this many reuse the photos of earlier ones (benchmark scale needs no more). */
const PHOTO_POOL = 600;
const stateDir = path.resolve(process.env.STATE_DIR ?? ".wrangler/state");

const proxy = await getPlatformProxy<ApiEnv>({
  configPath: "workers/api/wrangler.jsonc",
  persist: { path: path.join(stateDir, "v3") },
  remoteBindings: false,
});
const { DB: db, PHOTOS: photos } = proxy.env;

async function runInBatches(statements: D1PreparedStatement[], size = 500) {
  for (let i = 0; i < statements.length; i += size) await db.batch(statements.slice(i, i + size));
}

try {
  const done = await db
    .prepare("SELECT profiles FROM seed_runs WHERE name = 'demo'")
    .first<{ profiles: number }>();
  if (done?.profiles === profileCount && !values.force) {
    console.log(`seed: ${profileCount} profiles already in ${stateDir}, nothing to do`);
  } else {
    await seed();
  }
} finally {
  await proxy.dispose();
}

async function seed() {
  const started = Date.now();
  console.log(`seed: writing ${profileCount} profiles into ${stateDir}`);
  // Start from empty so an interrupted or differently sized seed never leaves a mix.
  for (const table of ["seed_runs", "rate_limits", "sessions", "credit_ledger", "images", "members", "cities", "regions", "sites"]) {
    await db.prepare(`DELETE FROM ${table}`).run();
  }

  const siteIds = new Map<string, number>();
  await runInBatches(
    DEMO_SITES.map((site, i) => {
      siteIds.set(site.host, i + 1);
      return db
        .prepare("INSERT INTO sites (id, host, is_default, settings) VALUES (?, ?, ?, ?)")
        .bind(i + 1, site.host, site.isDefault ? 1 : 0, JSON.stringify(site.settings));
    }),
  );

  const regionIds = new Map<string, number>();
  const geoStatements: D1PreparedStatement[] = [];
  let regionId = 0;
  let cityId = 0;
  for (const country of COUNTRY_CODES) {
    for (const region of GEO[country]) {
      regionIds.set(`${country}:${region.name}`, ++regionId);
      geoStatements.push(
        db.prepare("INSERT INTO regions (id, country, name) VALUES (?, ?, ?)").bind(regionId, country, region.name),
      );
      for (const city of region.cities) {
        geoStatements.push(
          db
            .prepare("INSERT INTO cities (id, region_id, country, name, lat, lng) VALUES (?, ?, ?, ?, ?, ?)")
            .bind(++cityId, regionId, country, city.name, city.lat, city.lng),
        );
      }
    }
  }
  await runInBatches(geoStatements);

  const secondSite = DEMO_SITES[1]!;
  const memberStatements: D1PreparedStatement[] = [];
  const imageStatements: D1PreparedStatement[] = [];
  const photoJobs: { key: string; seed: string; variant: number }[] = [];
  let imageId = 0;
  const insertMember = db.prepare(
    `INSERT INTO members (id, site_id, email, password_hash, password_salt, password_iterations, name, gender,
       date_of_birth, country, countryregion, city, language, personal, last_signup_step, is_fictional, status,
       paid_user, main_image_id, signup_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 7, ?, 'active', ?, ?, ?)`,
  );
  const insertImage = db.prepare(
    "INSERT INTO images (id, member_id, filename, position, created_at) VALUES (?, ?, ?, ?, ?)",
  );

  function addImages(memberId: number, keys: string[]): number {
    const first = imageId + 1;
    keys.forEach((key, position) => {
      imageStatements.push(insertImage.bind(++imageId, memberId, key, position, SEED_EPOCH));
    });
    return first;
  }

  // Demo accounts first (ids 1..n), so their ids stay put whatever the profile count.
  const hashed = await hashPassword(DEMO_PASSWORD);
  DEMO_ACCOUNTS.forEach((account, i) => {
    const id = i + 1;
    const region = GEO[account.country].find((r) => r.cities.some((c) => c.name === account.city));
    const keys = [0, 1].map((k) => `demo-${id}-${k}.jpg`);
    keys.forEach((key, k) => photoJobs.push({ key, seed: account.email, variant: k }));
    const mainImage = addImages(id, keys);
    memberStatements.push(
      insertMember.bind(
        id, siteIds.get(account.host)!, account.email, hashed.hash, hashed.salt, hashed.iterations,
        account.name, account.gender, account.dob, account.country,
        region ? regionIds.get(`${account.country}:${region.name}`)! : null, account.city, account.language,
        JSON.stringify({ about_me: `Hi, I am ${account.name}. This is a demo account.` }),
        0, account.paid ? 1 : 0, mainImage, SEED_EPOCH - 30 * 86_400_000,
      ),
      db
        .prepare("INSERT INTO credit_ledger (member_id, amount, reason, idempotency_key, created_at) VALUES (?, ?, 'starting_credits', ?, ?)")
        .bind(id, DEMO_SITES.find((s) => s.host === account.host)!.settings.starting_credits, `start:${id}`, SEED_EPOCH),
    );
  });

  const firstProfileId = DEMO_ACCOUNTS.length + 1;
  for (let i = 0; i < profileCount; i++) {
    const p = seedProfile(i);
    const id = firstProfileId + i;
    const pooled = i % PHOTO_POOL;
    const photoCount = i < PHOTO_POOL ? p.photoCount : seedProfile(pooled).photoCount;
    const keys = Array.from({ length: photoCount }, (_, k) => `p${pooled}-${k}.jpg`);
    if (i < PHOTO_POOL) keys.forEach((key, k) => photoJobs.push({ key, seed: `profile-${i}`, variant: i + k }));
    const mainImage = addImages(id, keys);
    const onSecondSite = secondSite.settings.countries.includes(p.country) && i % 2 === 0;
    memberStatements.push(
      insertMember.bind(
        id, siteIds.get(onSecondSite ? secondSite.host : "localhost")!, null, null, null, null,
        p.name, p.gender, p.dateOfBirth, p.country, regionIds.get(`${p.country}:${p.regionName}`)!, p.city,
        p.language, JSON.stringify(p.personal), p.fictional ? 1 : 0, 0, mainImage, p.signupDate,
      ),
    );
  }
  await runInBatches(memberStatements);
  await runInBatches(imageStatements);

  // sharp renders on its own threads: a few photos at a time keeps both cores busy.
  for (let i = 0; i < photoJobs.length; i += 8) {
    await Promise.all(
      photoJobs.slice(i, i + 8).map(async (job) => {
        const jpeg = await renderPhoto(job.seed, job.variant);
        await photos.put(job.key, jpeg, { httpMetadata: { contentType: "image/jpeg" } });
      }),
    );
  }

  await db
    .prepare("INSERT INTO seed_runs (name, profiles, finished_at) VALUES ('demo', ?, ?)")
    .bind(profileCount, Date.now())
    .run();
  console.log(
    `seed: ${profileCount} profiles, ${DEMO_ACCOUNTS.length} demo accounts, ${photoJobs.length} photos in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
