/** The site calls: GET /api/settings.php (designed), /api/companyinfo.php, /api/regions.php. */
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../context";
import type { ApiClient } from "./client.server";
import { clientCountry } from "./headers.server";
import { CompanyInfoSchema, RegionsAnswerSchema, SettingsSchema, type Settings } from "../../../contract/schemas";

/**
 * Settings change rarely and every page needs them: each worker isolate keeps them a minute
 * per host, so most pages make no settings call at all.
 */
const cache = new Map<string, { settings: Settings; until: number }>();
const SETTINGS_TTL_MS = 60_000;

export async function fetchSettings(api: ApiClient, host: string): Promise<Settings> {
  const cached = cache.get(host);
  if (cached && cached.until > Date.now()) return cached.settings;
  let result: Awaited<ReturnType<typeof api.call<typeof SettingsSchema>>>;
  try {
    result = await api.call(SettingsSchema, "/api/settings.php");
  } catch (thrown) {
    // The API is down: settings this isolate knew (up to a day old) keep the error page in the
    // site's name and colours (issue 29 point 18); the page's own call then fails as it must.
    if (cached && cached.until + STALE_IF_ERROR_MS > Date.now()) return cached.settings;
    throw thrown;
  }
  if (!result.ok) throw new Error(`settings.php answered ${result.status} ${result.error.error}`);
  cache.set(host, { settings: result.data, until: Date.now() + SETTINGS_TTL_MS });
  return result.data;
}

/**
 * Forgets what this isolate holds of a site's settings, after the operator's console saved them
 * (ADR 047): this isolate's next page of that host asks again. Other isolates follow within
 * SETTINGS_TTL_MS; the API's own cache follows the settings version at once (ADR 033).
 */
export function forgetSettings(host: string) {
  for (const key of cache.keys()) if (key.split("|")[0]?.split(":")[0] === host) cache.delete(key);
}

/** How long known settings stand in for an API that does not answer. */
const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

export function fetchCompanyInfo(api: ApiClient) {
  return api.call(CompanyInfoSchema, "/api/companyinfo.php");
}

export function fetchRegions(api: ApiClient, country: string) {
  return api.call(RegionsAnswerSchema, "/api/regions.php", { query: { country } });
}

/** The settings of the site this request is for (cached per host and the visitor's edge country). */
export function siteSettings(request: Request, context: Readonly<RouterContextProvider>): Promise<Settings> {
  const url = new URL(request.url);
  return fetchSettings(context.get(apiContext), `${url.host}|${clientCountry(request) ?? ""}`);
}
