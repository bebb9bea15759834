/**
 * Cam providers behind one interface (docs/architecture.md §8: outside services sit behind adapters).
 * The demo provider makes up cams deterministically and serves their snapshots itself, so
 * the tiles work offline. A real provider implements the same two calls against its API.
 */
import type { Cam } from "../../../contract/schemas";

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
