/** Sites in the operator's console (docs/api.md "Sites", ADR 047): admins only. */
import {
  SiteAnswerSchema,
  SitePushKeysSchema,
  SiteSavedSchema,
  SitesAnswerSchema,
  SiteVersionAnswerSchema,
} from "../../../contract/site-admin";
import type { ApiClient } from "./client.server";

export function staffSites(api: ApiClient) {
  return api.call(SitesAnswerSchema, "/api/staff/sites.php");
}

export function staffSite(api: ApiClient, id: number) {
  return api.call(SiteAnswerSchema, "/api/staff/site.php", { query: { id: String(id) } });
}

export function saveStaffSite(api: ApiClient, body: { id: number; version: number; host: string; settings: unknown }) {
  return api.call(SiteSavedSchema, "/api/staff/site.php", { method: "POST", body });
}

export function staffSiteVersion(api: ApiClient, id: number, version: number) {
  return api.call(SiteVersionAnswerSchema, "/api/staff/site_version.php", {
    query: { id: String(id), version: String(version) },
  });
}

export function rollBackStaffSite(api: ApiClient, body: { id: number; version: number; to: number }) {
  return api.call(SiteSavedSchema, "/api/staff/site_rollback.php", { method: "POST", body });
}

export function createStaffSite(
  api: ApiClient,
  body: { from: number; host: string; name: string; domain: string; countries?: string[] },
) {
  return api.call(SiteSavedSchema, "/api/staff/site_create.php", { method: "POST", body });
}

/** A new VAPID pair: the public key saved as push_pub over `version`; the private key only in this answer (ADR 052). */
export function generateStaffPushKeys(api: ApiClient, body: { id: number; version: number }) {
  return api.call(SitePushKeysSchema, "/api/staff/site_push_keys.php", { method: "POST", body });
}
