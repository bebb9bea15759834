/**
 * The operator's console: sites by form, never by SQL (issue 28; docs/api.md "Sites", ADR 047).
 * Requests and answers of the admins' site calls. A site's settings are validated by the same
 * StoredSettingsSchema the API reads them with, so the console cannot store settings a site
 * would refuse to run with.
 */
import { z } from "zod";
import { LOCALES } from "./locales";
import { TEMPLATES } from "./rules/templates";
import { StoredSettingsSchema } from "./schemas/site";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const version = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * The host a site answers at: a DNS name (letters, digits, dots and dashes) with an optional
 * port, lower case. localhost and 127.0.0.1 are hosts too (local development).
 */
export const SiteHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "host_format");

export const SiteSummarySchema = z.object({
  id: z.number().int(),
  host: z.string(),
  name: z.string(),
  template: z.enum(TEMPLATES),
  domain_language: z.enum(LOCALES),
  countries: z.array(z.string()),
  is_default: z.boolean(),
  version: z.number().int(),
  /** The brand colour, for the list's swatch. */
  brand: z.string(),
});
export type SiteSummary = z.infer<typeof SiteSummarySchema>;

/** GET /api/staff/sites.php: the sites on the admin's scope; only platform admins create sites. */
export const SitesAnswerSchema = z.object({ sites: z.array(SiteSummarySchema), can_create: z.boolean() });
export type SitesAnswer = z.infer<typeof SitesAnswerSchema>;

export const SiteVersionSchema = z.object({
  version: z.number().int(),
  /** Who saved it; null: the version the site had before its first save in the console. */
  saved_by: z.string().nullable(),
  saved_at: z.number().int(),
  current: z.boolean(),
});
export type SiteVersion = z.infer<typeof SiteVersionSchema>;

/** GET /api/staff/site.php?id=: one site to edit, with its saved versions, newest first. */
export const SiteAnswerSchema = z.object({
  site: z.object({
    id: z.number().int(),
    host: z.string(),
    is_default: z.boolean(),
    version: z.number().int(),
    settings: StoredSettingsSchema,
  }),
  versions: z.array(SiteVersionSchema),
  /**
   * Whether the API worker can sign push messages for this site's push_pub: a private key for its
   * host in VAPID_PRIVATE_KEYS (or the demo pair on a loopback host) that belongs to that public
   * key. Never the key itself.
   */
  push_private_key_held: z.boolean(),
});
export type SiteAnswer = z.infer<typeof SiteAnswerSchema>;

export const SiteQuerySchema = z.object({ id });

/**
 * POST /api/staff/site.php: the whole settings of a site, saved only over the version the admin
 * read (else 409 settings_changed, with nothing stored). `settings` is checked field by field:
 * a 422's fields are the settings' paths ("commerce.credit_packages.0.prices").
 */
export const SiteSaveBodySchema = z.object({
  id,
  version,
  host: SiteHostSchema,
  settings: z.unknown(),
});

/** POST /api/staff/site_rollback.php: save version `to` again, over the current `version`. */
export const SiteRollbackBodySchema = z.object({ id, version, to: version });

/** POST /api/staff/site_create.php: a new site, a copy of `from` with its own host, name, domain and, if given, countries. */
export const SiteCreateBodySchema = z.object({
  from: id,
  host: SiteHostSchema,
  name: z.string().trim().min(1).max(80),
  domain: SiteHostSchema,
  /** The countries the new brand serves (the first is its default); absent: the copied site's. */
  countries: z.array(z.string()).max(60).optional(),
});

export const SiteSavedSchema = z.object({ id: z.number().int(), version: z.number().int() });
export type SiteSaved = z.infer<typeof SiteSavedSchema>;

/** One difference between two versions: a setting's path and its value before and after, as text. */
export const SettingChangeSchema = z.object({
  path: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type SettingChange = z.infer<typeof SettingChangeSchema>;

/** GET /api/staff/site_version.php?id=&version=: what rolling back to that version would change. */
export const SiteVersionAnswerSchema = z.object({
  version: z.number().int(),
  current: z.number().int(),
  changes: z.array(SettingChangeSchema),
});
export type SiteVersionAnswer = z.infer<typeof SiteVersionAnswerSchema>;
export const SiteVersionQuerySchema = z.object({ id, version });

/** POST /api/staff/site_push_keys.php: a new VAPID key pair for the site, its public key saved over `version`. */
export const SitePushKeysBodySchema = z.object({ id, version });

/**
 * The new pair: `public_key` is now the site's push_pub (saved as version `version`); `private_key`
 * (the scalar d) is in this answer only, never stored: it goes into the VAPID_PRIVATE_KEYS secret
 * under `host` (ADR 052).
 */
export const SitePushKeysSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  host: z.string(),
  public_key: z.string(),
  private_key: z.string(),
});
export type SitePushKeys = z.infer<typeof SitePushKeysSchema>;
