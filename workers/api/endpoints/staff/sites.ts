/**
 * Sites by form, never by SQL (issue 28; docs/api.md "Sites", ADR 047). Admins of one site manage
 * that site; platform admins (no site) every site, and only they create sites. A site outside the
 * scope answers 404. Every save is checked by StoredSettingsSchema, stored only over the version
 * the admin read, kept as a version, and audited with a readable difference.
 *
 * - GET  /api/staff/sites.php: the sites on the scope.
 * - GET  /api/staff/site.php?id=: one site's host and settings, and its saved versions.
 * - POST /api/staff/site.php { id, version, host, settings }: saves them (409 settings_changed).
 * - GET  /api/staff/site_version.php?id=&version=: what rolling back to that version would change.
 * - POST /api/staff/site_rollback.php { id, version, to }: saves an earlier version again.
 * - POST /api/staff/site_create.php { from, host, name, domain }: a copy of a site as a new brand.
 * - POST /api/staff/site_push_keys.php { id, version }: a new VAPID pair; its public key saved as
 *   push_pub, its private key answered once and never stored (ADR 052).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { StoredSettingsSchema, type StoredSettings } from "../../../../contract/schemas";
import { settingsChanges } from "../../../../contract/rules/settings-diff";
import {
  SiteAnswerSchema,
  SiteCreateBodySchema,
  SiteQuerySchema,
  SiteRollbackBodySchema,
  SiteSaveBodySchema,
  SiteSavedSchema,
  SitePushKeysBodySchema,
  SitePushKeysSchema,
  SitesAnswerSchema,
  SiteVersionAnswerSchema,
  SiteVersionQuerySchema,
} from "../../../../contract/site-admin";
import { TEMPLATES } from "../../../../contract/rules/templates";
import { LOCALES } from "../../../../contract/locales";
import type { ApiContext } from "../../context";
import {
  findSiteRow,
  findSiteVersion,
  hostInUse,
  insertSite,
  listSites,
  listSiteVersions,
  saveSiteSettings,
} from "../../db/site-admin";
import { audit } from "../../db/staff";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { readBody, readQuery } from "../../lib/request";
import type { Site } from "../../lib/site";
import { vapidFor } from "../../lib/vapid";
import { newVapidKeys, vapidKeysMatch } from "../../lib/vapid-keys";
import { ADMINS, inScope, requireStaff, type StaffRow } from "../../lib/staff";
import { fieldCodes, invalidInput } from "../../lib/validate";

const VERSIONS_SHOWN = 50;

const notFound = () => new ApiError(404, "not_found", "No such site.");

async function scopedSite(c: Context<ApiContext>, staff: StaffRow, id: number) {
  const row = await findSiteRow(c.var.db, id);
  if (!row || !inScope(staff, row.id)) throw notFound();
  return row;
}

/** The settings as the schema reads them, or the 422 with each failing setting's path. */
function checkedSettings(input: unknown): StoredSettings {
  const result = StoredSettingsSchema.safeParse(input, { reportInput: true });
  if (!result.success) {
    const fields = Object.fromEntries(
      Object.entries(fieldCodes(result.error.issues)).map(([path, code]) => [`settings.${path}`, code]),
    );
    throw invalidInput(fields, "Some settings are missing or invalid.");
  }
  return result.data;
}

/** Stored JSON as the schema reads it; a stored text the schema refuses reads as nothing (never a 500). */
function storedSettings(text: string): StoredSettings | null {
  try {
    const result = StoredSettingsSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A private key for the site's host that signs for its push_pub (yes/no only; ADR 052). */
async function pushKeyHeld(site: Site, secret: string | undefined): Promise<boolean> {
  const vapid = vapidFor(site, secret);
  return vapid.ok && (await vapidKeysMatch(vapid.keys.publicKey, vapid.keys.privateKey));
}

async function refuseTakenHost(c: Context<ApiContext>, host: string, except: number | null) {
  if (await hostInUse(c.var.db, host, except)) throw invalidInput({ host: "host_taken" }, "Another site answers at this host.");
}

/** Saves `settings` over `version` and audits the difference; 409 when another version came first. */
async function save(
  c: Context<ApiContext>,
  me: StaffRow,
  row: NonNullable<Awaited<ReturnType<typeof findSiteRow>>>,
  change: { version: number; host: string; settings: StoredSettings; action: string; rolledBackTo?: number },
) {
  if (change.version !== row.settings_version) {
    throw new ApiError(409, "settings_changed", "Someone saved this site's settings meanwhile.");
  }
  await refuseTakenHost(c, change.host, row.id);
  const text = JSON.stringify(change.settings);
  const saved = await saveSiteSettings(c.env.DB, c.var.db, {
    id: row.id,
    version: change.version,
    host: change.host,
    settings: text,
    staffId: me.id,
    now: Date.now(),
  });
  if (!saved) throw new ApiError(409, "settings_changed", "Someone saved this site's settings meanwhile.");
  // Only settings are compared and kept: a private key never reaches this line (ADR 052).
  const changes = settingsChanges({ host: row.host, ...JSON.parse(row.settings) }, { host: change.host, ...change.settings });
  await audit(c.var.db, {
    siteId: row.id,
    staffId: me.id,
    action: change.action,
    detail: {
      version: change.version + 1,
      ...(change.rolledBackTo === undefined ? {} : { rolled_back_to: change.rolledBackTo }),
      changes,
    },
  });
  return { id: row.id, version: change.version + 1 };
}

export const staffSites = new Hono<ApiContext>()
  .get("/staff/sites.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const rows = await listSites(c.var.db, me.site_id);
    c.header("cache-control", "no-store");
    return answer(c, SitesAnswerSchema, {
      sites: rows.map((row) => ({
        id: row.id,
        host: row.host,
        name: row.name ?? row.host,
        template: TEMPLATES.find((t) => t === row.template) ?? "classic",
        domain_language: LOCALES.find((l) => l === row.domain_language) ?? "en",
        countries: parseList(row.countries),
        is_default: row.is_default === 1,
        version: row.settings_version,
        brand: row.brand ?? "#b0124f",
      })),
      can_create: me.site_id === null,
    });
  })
  .get("/staff/site.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id } = readQuery(c, SiteQuerySchema, "Give the site's id.");
    const row = await scopedSite(c, me, id);
    const settings = storedSettings(row.settings);
    if (!settings) throw new ApiError(503, "site_misconfigured", "This site's stored settings are invalid.");
    const versions = await listSiteVersions(c.var.db, id, VERSIONS_SHOWN);
    c.header("cache-control", "no-store");
    return answer(c, SiteAnswerSchema, {
      site: { id: row.id, host: row.host, is_default: row.is_default === 1, version: row.settings_version, settings },
      versions: versions.map((v) => ({
        version: v.version,
        saved_by: v.saved_by ?? null,
        saved_at: v.created_at,
        current: v.version === row.settings_version,
      })),
      push_private_key_held: await pushKeyHeld({ id: row.id, host: row.host, settings }, c.env.VAPID_PRIVATE_KEYS),
    });
  })
  .post("/staff/site.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, SiteSaveBodySchema);
    const row = await scopedSite(c, me, body.id);
    const settings = checkedSettings(body.settings);
    const saved = await save(c, me, row, { version: body.version, host: body.host, settings, action: "site_saved" });
    return answer(c, SiteSavedSchema, saved);
  })
  .get("/staff/site_version.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const { id, version } = readQuery(c, SiteVersionQuerySchema);
    const row = await scopedSite(c, me, id);
    const old = await findSiteVersion(c.var.db, id, version);
    if (!old) throw new ApiError(404, "not_found", "No such version of this site.");
    c.header("cache-control", "no-store");
    return answer(c, SiteVersionAnswerSchema, {
      version,
      current: row.settings_version,
      // What rolling back would do: from the current settings to the old ones.
      changes: settingsChanges({ host: row.host, ...JSON.parse(row.settings) }, { host: old.host, ...JSON.parse(old.settings) }),
    });
  })
  .post("/staff/site_rollback.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, SiteRollbackBodySchema);
    const row = await scopedSite(c, me, body.id);
    const old = await findSiteVersion(c.var.db, body.id, body.to);
    if (!old) throw new ApiError(404, "not_found", "No such version of this site.");
    // An old version the schema no longer accepts (the rules changed since) is refused, not stored.
    const settings = storedSettings(old.settings);
    if (!settings) throw invalidInput({ to: "invalid_settings" }, "That version's settings are no longer valid.");
    const saved = await save(c, me, row, {
      version: body.version,
      host: old.host,
      settings,
      action: "site_rolled_back",
      rolledBackTo: body.to,
    });
    return answer(c, SiteSavedSchema, saved);
  })
  .post("/staff/site_push_keys.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    const body = await readBody(c, SitePushKeysBodySchema);
    const row = await scopedSite(c, me, body.id);
    const settings = storedSettings(row.settings);
    if (!settings) throw new ApiError(503, "site_misconfigured", "This site's stored settings are invalid.");
    const keys = await newVapidKeys();
    // The public half is a setting like any other (versioned, audited); the private half is only
    // answered: D1, the audit line and the logs never see it.
    const saved = await save(c, me, row, {
      version: body.version,
      host: row.host,
      settings: { ...settings, push_pub: keys.publicKey },
      action: "site_push_key_generated",
    });
    c.header("cache-control", "no-store");
    return answer(c, SitePushKeysSchema, {
      ...saved,
      host: row.host,
      public_key: keys.publicKey,
      private_key: keys.privateKey,
    });
  })
  .post("/staff/site_create.php", async (c) => {
    const me = await requireStaff(c, { roles: ADMINS });
    // A site admin's scope is one site: a new site would be outside it.
    if (me.site_id !== null) throw new ApiError(403, "staff_role", "Only platform admins create sites.");
    const body = await readBody(c, SiteCreateBodySchema);
    const from = await scopedSite(c, me, body.from);
    const copied = storedSettings(from.settings);
    if (!copied) throw new ApiError(503, "site_misconfigured", "The site to copy has invalid settings.");
    await refuseTakenHost(c, body.host, null);
    const settings = checkedSettings({
      ...copied,
      name: body.name,
      domain: body.domain,
      ...(body.countries === undefined ? {} : { countries: body.countries }),
    });
    const now = Date.now();
    const id = await insertSite(c.env.DB, c.var.db, { host: body.host, settings: JSON.stringify(settings), staffId: me.id, now });
    if (id === null) throw new ApiError(500, "internal", "The site was not created.");
    await audit(c.var.db, {
      siteId: id,
      staffId: me.id,
      action: "site_created",
      detail: { copied_from: from.id, host: body.host, name: body.name, domain: body.domain },
    });
    const created = await findSiteRow(c.var.db, id);
    return answer(c, SiteSavedSchema, { id, version: created?.settings_version ?? 0 }, 201);
  });

function parseList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
