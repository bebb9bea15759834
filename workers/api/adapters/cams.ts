/**
 * Cam providers behind one interface (docs/architecture.md §8: outside services sit behind adapters).
 * The demo provider makes up cams deterministically and serves their snapshots itself, so
 * the tiles work offline. The partner-feed provider (feedCamProvider, below) reads a partner's
 * JSON feed named in the site's settings (docs/decisions/026-partner-feed.md).
 */
import { fillTemplate, outboundUrlProblem } from "../../../contract/rules/outbound-urls";
import type { Cam, PartnerFeed } from "../../../contract/schemas";

export interface CamQuery {
  gender: "male" | "female" | "";
  minAge: number;
  maxAge: number;
}

export interface CamProvider {
  search(query: CamQuery): Promise<Cam[]>;
  /** The provider's page for a cam account, or null if the account is not the provider's. */
  pageUrl(account: string, template: string): string | null;
}

const NAMES = {
  female: ["Luna", "Mia", "Sofia", "Emma", "Nora", "Lea", "Zoe", "Ivy"],
  male: ["Leo", "Max", "Noah", "Finn", "Luca", "Milan", "Sam", "Jay"],
};

export const DEMO_ACCOUNT = /^demo-(female|male)-(\d{1,2})$/;

export const demoCamProvider: CamProvider = {
  async search({ gender, minAge, maxAge }) {
    return Array.from({ length: 8 }, (_, i) => {
      // One gender when asked for, else both in turn.
      const g = gender || (i % 2 === 0 ? "female" : "male");
      const account = `demo-${g}-${i}`;
      const span = Math.max(0, Math.min(maxAge, 60) - minAge);
      return {
        account,
        name: NAMES[g][i % NAMES[g].length] ?? g,
        age: Math.min(maxAge, minAge + ((i * 7) % (span + 1))),
        snapshot: `/api/xcams/snapshot.php?account=${account}`,
      };
    });
  },
  pageUrl(account, template) {
    return DEMO_ACCOUNT.test(account) ? template.replace("{account}", encodeURIComponent(account)) : null;
  },
};

/** A small SVG "snapshot" for a demo cam: a coloured card with the cam's initial. */
export function demoSnapshot(account: string): string {
  const hue = [...account].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  const initial = account.match(DEMO_ACCOUNT)?.[1] === "male" ? "♂" : "♀";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><rect width="240" height="240" fill="hsl(${hue} 55% 42%)"/><circle cx="120" cy="96" r="48" fill="hsl(${hue} 40% 80%)"/><rect x="52" y="150" width="136" height="90" rx="60" fill="hsl(${hue} 40% 80%)"/><text x="120" y="112" font-size="48" text-anchor="middle" fill="hsl(${hue} 55% 30%)" font-family="sans-serif">${initial}</text></svg>`;
}

/** Cams a tile row can use at most from one feed answer. */
export const FEED_MAX_CAMS = 24;
/** A feed answer larger than this is not read. */
export const FEED_MAX_BYTES = 512 * 1024;
const FEED_ACCOUNT = /^[A-Za-z0-9_.-]{1,64}$/;

/** The value at a dot path ("performer.nick") of a JSON value, or undefined. */
export function atPath(value: unknown, path: string): unknown {
  if (path === "") return value;
  let current = value;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

function isLive(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true" || value === "online" || value === "live";
}

/**
 * One feed item as a cam, or null when a field is missing or unusable: the snapshot must be an
 * http(s) URL on one of the feed's hosts (https unless private hosts are allowed), and a `live`
 * mapping must say live.
 */
export function mapFeedItem(item: unknown, feed: PartnerFeed): Cam | null {
  const { fields } = feed;
  const rawAccount = atPath(item, fields.account);
  const account = typeof rawAccount === "number" ? String(rawAccount) : rawAccount;
  if (typeof account !== "string" || !FEED_ACCOUNT.test(account)) return null;
  const rawName = atPath(item, fields.name);
  const name = typeof rawName === "string" ? [...rawName.trim()].slice(0, 60).join("") : "";
  if (name === "") return null;
  const rawAge = Number(atPath(item, fields.age));
  const age = Number.isInteger(rawAge) && rawAge >= 18 && rawAge <= 99 ? rawAge : null;
  const rawSnapshot = atPath(item, fields.snapshot);
  if (typeof rawSnapshot !== "string") return null;
  let snapshot: URL;
  try {
    snapshot = new URL(rawSnapshot);
  } catch {
    return null;
  }
  const schemeOk = snapshot.protocol === "https:" || (feed.allow_private_hosts && snapshot.protocol === "http:");
  if (!schemeOk || !feed.hosts.includes(snapshot.host) || snapshot.username || snapshot.password) return null;
  if (fields.live && !isLive(atPath(item, fields.live))) return null;
  return { account, name, age, snapshot: snapshot.href };
}

/** The feed's answer read as cams; throws on anything that is not the expected JSON. */
export function camsFromFeed(answer: unknown, feed: PartnerFeed): Cam[] {
  const items = atPath(answer, feed.items);
  if (!Array.isArray(items)) throw new Error(`no list at "${feed.items}"`);
  const cams: Cam[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const cam = mapFeedItem(item, feed);
    if (!cam || seen.has(cam.account)) continue;
    seen.add(cam.account);
    cams.push(cam);
    if (cams.length === FEED_MAX_CAMS) break;
  }
  return cams;
}

/**
 * A partner's JSON feed (the site's `partner_feed`, docs/decisions/026). Any failure — a
 * refused URL, a timeout, an error status, a body that is not JSON or too large, no list where
 * the mapping says — gives no cams (logged), never an error: the tiles are an extra.
 * `allowPrivate`: the site's `allow_private_hosts` and the worker's POSTBACK_ALLOW_PRIVATE.
 */
export function feedCamProvider(feed: PartnerFeed, allowPrivate: boolean, fetcher: typeof fetch = fetch): CamProvider {
  return {
    async search({ gender, minAge, maxAge }) {
      const url = fillTemplate(feed.url, { gender, min_age: minAge, max_age: maxAge });
      const problem = outboundUrlProblem(url, allowPrivate);
      if (problem) {
        console.error(`partner feed refused: ${problem}`);
        return [];
      }
      try {
        const response = await fetcher(url, {
          headers: { Accept: "application/json" },
          redirect: "manual",
          signal: AbortSignal.timeout(feed.timeout_ms),
        });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new Error(`answered ${response.status}`);
        }
        const length = Number(response.headers.get("content-length") ?? 0);
        if (length > FEED_MAX_BYTES) {
          await response.body?.cancel().catch(() => undefined);
          throw new Error("answer too large");
        }
        const text = await response.text();
        if (text.length > FEED_MAX_BYTES) throw new Error("answer too large");
        return camsFromFeed(JSON.parse(text), feed);
      } catch (error) {
        console.error("partner feed failed:", error instanceof Error ? `${error.name}: ${error.message}` : error);
        return [];
      }
    },
    pageUrl(account, template) {
      return FEED_ACCOUNT.test(account) ? template.replace("{account}", encodeURIComponent(account)) : null;
    },
  };
}
