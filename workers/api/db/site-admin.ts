/** The operator's console: sites and their saved versions (issue 28; ADR 047). */
import { sql } from "kysely";
import { type Db, runBatch } from "./client";

/** The sites on a scope (null: every site), with the few settings the list shows. */
export function listSites(db: Db, scope: number | null) {
  let query = db
    .selectFrom("sites")
    .select([
      "id",
      "host",
      "is_default",
      "settings_version",
      sql<string | null>`json_extract(settings, '$.name')`.as("name"),
      sql<string | null>`json_extract(settings, '$.template')`.as("template"),
      sql<string | null>`json_extract(settings, '$.domain_language')`.as("domain_language"),
      sql<string | null>`json_extract(settings, '$.countries')`.as("countries"),
      sql<string | null>`json_extract(settings, '$.theme.brand')`.as("brand"),
    ])
    .orderBy("id");
  if (scope !== null) query = query.where("id", "=", scope);
  return query.execute();
}

export function findSiteRow(db: Db, id: number) {
  return db
    .selectFrom("sites")
    .select(["id", "host", "is_default", "settings", "settings_version"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The site answering at `host`, other than `except`: a host answers for one site only. */
export async function hostInUse(db: Db, host: string, except: number | null): Promise<boolean> {
  let query = db.selectFrom("sites").select("id").where("host", "=", host);
  if (except !== null) query = query.where("id", "!=", except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A site's saved versions, newest first, with who saved each. */
export function listSiteVersions(db: Db, siteId: number, limit: number) {
  return db
    .selectFrom("site_versions as v")
    .leftJoin("staff as s", "s.id", "v.staff_id")
    .select(["v.version", "v.created_at", "s.name as saved_by"])
    .where("v.site_id", "=", siteId)
    .orderBy("v.created_at", "desc")
    .orderBy("v.version", "desc")
    .limit(limit)
    .execute();
}

export function findSiteVersion(db: Db, siteId: number, version: number) {
  return db
    .selectFrom("site_versions")
    .select(["version", "host", "settings"])
    .where("site_id", "=", siteId)
    .where("version", "=", version)
    .executeTakeFirst();
}

/**
 * Saves a site's settings and host over the version the admin read, in one D1 batch: the version
 * it replaces is kept first (the site's pre-console settings, if never kept), then the guarded
 * UPDATE (migration 0022's trigger counts the version up), then the new version's row. Answers
 * whether it was saved: false when someone saved another version meanwhile (nothing changed).
 */
export async function saveSiteSettings(
  d1: D1Database,
  db: Db,
  change: { id: number; version: number; host: string; settings: string; staffId: number; now: number },
): Promise<boolean> {
  const { id, version, host, settings, staffId, now } = change;
  const keepVersion = (staff: number | null, at: number, where: { version: number; settings?: string }) => {
    let select = db
      .selectFrom("sites")
      .select([
        "id",
        "settings_version",
        "host",
        "settings",
        sql<number | null>`${staff}`.as("staff_id"),
        sql<number>`${at}`.as("created_at"),
      ])
      .where("id", "=", id)
      .where("settings_version", "=", where.version);
    if (where.settings !== undefined) select = select.where("settings", "=", where.settings);
    return db
      .insertInto("site_versions")
      .columns(["site_id", "version", "host", "settings", "staff_id", "created_at"])
      .expression(select)
      .onConflict((oc) => oc.doNothing());
  };
  const [, updated] = await runBatch(d1, [
    keepVersion(null, now - 1, { version }),
    db.updateTable("sites").set({ settings, host }).where("id", "=", id).where("settings_version", "=", version),
    keepVersion(staffId, now, { version: version + 1, settings }),
  ]);
  // D1 counts the trigger's own UPDATE in `changes`: anything above 0 means the guarded row was written.
  return (updated?.meta.changes ?? 0) > 0;
}

/** A new site with these settings (not the default site); its first version is kept as saved by `staffId`. */
export async function insertSite(
  d1: D1Database,
  db: Db,
  site: { host: string; settings: string; staffId: number; now: number },
): Promise<number | null> {
  await runBatch(d1, [
    db.insertInto("sites").values({ host: site.host, is_default: 0, settings: site.settings }),
    db
      .insertInto("site_versions")
      .columns(["site_id", "version", "host", "settings", "staff_id", "created_at"])
      .expression(
        db
          .selectFrom("sites")
          .select([
            "id",
            "settings_version",
            "host",
            "settings",
            sql<number>`${site.staffId}`.as("staff_id"),
            sql<number>`${site.now}`.as("created_at"),
          ])
          .where("host", "=", site.host),
      ),
  ]);
  const row = await db.selectFrom("sites").select("id").where("host", "=", site.host).executeTakeFirst();
  return row?.id ?? null;
}
