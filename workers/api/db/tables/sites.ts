/** The operator's console: saved versions of a site's settings (migration 0029, ADR 047; db/schema.ts joins them). */

export interface SiteVersionsTable {
  site_id: number;
  version: number;
  host: string;
  settings: string;
  /** Who saved it; null for the version a site had before its first save in the console. */
  staff_id: number | null;
  created_at: number;
}
