/**
 * Whether the development tools answer (the /api/dev/* calls, the /_dev pages behind them):
 * only when DEV_TOOLS is "1" AND the request is for a loopback host. Everywhere else they do
 * not exist (404, the same answer as an unknown call). README "Signing up locally".
 */
import type { Context } from "hono";
import type { ApiContext } from "../context";

export function devToolsEnabled(c: Context<ApiContext>): boolean {
  return c.env.DEV_TOOLS === "1" && c.var.local;
}

/**
 * The demo staff accounts' addresses: the only accounts whose current codes the development
 * codes page shows. The seed (seed/staff.ts) writes these accounts with their public secrets;
 * it reads the addresses from here, so production code never imports the seed.
 */
export const DEMO_STAFF_EMAILS = {
  moderator: "moderator@example.com",
  velvetModerator: "velvet-moderator@example.com",
  admin: "admin@example.com",
  host: "host@example.com",
  platformHost: "host-all@example.com",
  siteAdmin: "site-admin@example.com",
  operator: "operator@example.com",
} as const;
