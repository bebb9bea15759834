/**
 * A site is chosen by the x-original-host header the app sends (the host the visitor typed).
 * Unknown hosts get the default site, so a fresh deployment answers before it is configured.
 */
import { StoredSettingsSchema, type StoredSettings } from "../../../contract/schemas";
import { CompiledQuery, type Selectable } from "kysely";
import type { Db } from "../db/client";
import type { SitesTable } from "../db/schema";
import { ApiError } from "./errors";

export interface Site {
  id: number;
  host: string;
  settings: StoredSettings;
}

export function hostOf(header: string | null | undefined): string {
  // "example.com:8787" -> "example.com"; "[::1]:8787" -> "[::1]"
  return (header ?? "").trim().toLowerCase().replace(/:\d+$/, "");
}

/**
 * Every API call asks this first: written as SQL once, so a call builds and compiles no query for
 * it; and the settings text comes only when this isolate does not hold that version checked
 * already (docs/decisions/033-member-page-cost.md). The first parameter is knownVersions().
 */
const SITE_SQL =
  "select id, host, settings_version, case when settings_version = json_extract(?, '$.\"' || id || '\"') then null else settings end as settings" +
  " from sites where host = ? or is_default = 1";

export async function findSite(db: Db, host: string): Promise<Site> {
  const { rows } = await db.executeQuery<SiteRow>(CompiledQuery.raw(SITE_SQL, [knownVersions(), host]));
  const row = rows.find((r) => r.host === host) ?? rows[0];
  if (!row) throw new ApiError(404, "unknown_site", "No site is configured for this host.");
  return siteOf(db, row);
}

type SiteRow = Pick<Selectable<SitesTable>, "id" | "host" | "settings_version"> & { settings: string | null };

/** Checked settings by site id, with the settings_version they were read at. */
const checkedSettings = new Map<number, { version: number; settings: StoredSettings }>();

/** The versions this isolate holds, as the JSON object (site id → version) the site queries compare against. */
export function knownVersions(): string {
  const versions: Record<string, number> = {};
  for (const [id, kept] of checkedSettings) versions[id] = kept.version;
  return JSON.stringify(versions);
}

/**
 * A site from its row: the settings it came with (checked, then kept by version), or, without
 * them, the ones kept for that version. Refused when its settings are broken (say, a negative
 * message cost): such a site must not run.
 */
export async function siteOf(db: Db, row: SiteRow): Promise<Site> {
  const kept = checkedSettings.get(row.id);
  if (row.settings === null && kept?.version === row.settings_version) {
    return { id: row.id, host: row.host, settings: kept.settings };
  }
  // Another call replaced what this isolate held between the query and now: read the text.
  const text =
    row.settings ??
    (await db.selectFrom("sites").select(["settings", "settings_version"]).where("id", "=", row.id).executeTakeFirstOrThrow());
  const { settings: stored, settings_version: version } =
    typeof text === "string" ? { settings: text, settings_version: row.settings_version } : text;
  const settings = parseSettings(row.host, stored);
  if (!settings) throw new ApiError(503, "site_misconfigured", "This site's settings are invalid.");
  checkedSettings.set(row.id, { version, settings });
  return { id: row.id, host: row.host, settings };
}

/**
 * Settings are a few KB of JSON checked by a schema: the checked settings are kept per isolate by
 * their stored text, so they are parsed only when they changed (docs/decisions/033-member-page-cost.md).
 * Frozen: every call shares the object.
 */
const parsedSettings = new Map<string, StoredSettings>();

function parseSettings(host: string, text: string): StoredSettings | null {
  const key = `${host}\n${text}`;
  const known = parsedSettings.get(key);
  if (known) return known;
  const parsed = StoredSettingsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    console.error("invalid settings for site", host, parsed.error.issues);
    return null;
  }
  // A site's old text is dropped when it changes; the map holds one entry per site.
  for (const old of parsedSettings.keys()) if (old.startsWith(`${host}\n`)) parsedSettings.delete(old);
  parsedSettings.set(key, deepFreeze(parsed.data));
  return parsed.data;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** localhost, 127.0.0.0/8 and [::1]: hosts only a developer's own machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

/** A site by its id (jobs that run outside a request: the renewal cron), or null (unknown, or broken settings). */
export async function findSiteById(db: Db, id: number): Promise<Site | null> {
  const row = await db.selectFrom("sites").select(["id", "host", "settings"]).where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const settings = parseSettings(row.host, row.settings);
  return settings && { id: row.id, host: row.host, settings };
}
