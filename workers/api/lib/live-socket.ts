/**
 * What a live socket's handshake must show (the members' inbox, ADR 011; the hosts' desk, ADR
 * 045): an upgrade to WebSocket (426 otherwise), and an Origin of this site (403: browsers send
 * Origin with every WebSocket handshake, so only this site's pages may listen).
 */
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { ApiError } from "./errors";

function hostOfOrigin(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

export function requireSocketFromThisSite(c: Context<ApiContext>): void {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "Open this as a WebSocket.");
  }
  const origin = c.req.header("origin");
  if (!origin || hostOfOrigin(origin) !== (c.req.header("x-original-host") ?? c.req.header("host"))) {
    throw new ApiError(403, "cross_site", "Cross-site requests are refused.");
  }
}
