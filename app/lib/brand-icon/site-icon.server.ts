/**
 * The site icon answers (ADR 061): drawn once per look and kept in this worker's memory, named by
 * an ETag of everything drawn from (name, colours, radius, template, drawing version), so a
 * browser revalidates cheaply and sees a new icon after the operator changes the theme.
 */
import type { Settings } from "../../../contract/schemas";
import { encodePng } from "./png";
import { ICON_VARIANTS, type IconLook, type IconVariant, rasterIcon, svgIcon } from "./draw";

/** Raise when the drawing changes, so browsers and caches fetch the new icons. */
const DRAWING_VERSION = 1;
const KEPT = 32;
const drawn = new Map<string, Uint8Array<ArrayBuffer> | string>();

export type IconFile = IconVariant | "favicon";

/** "192.png" → "192", "favicon.svg" → "favicon"; null for any other name. */
export function iconFileOf(param: string | undefined): IconFile | null {
  if (param === "favicon.svg") return "favicon";
  const variant = param?.replace(/\.png$/, "");
  return param?.endsWith(".png") && (ICON_VARIANTS as readonly string[]).includes(variant ?? "")
    ? (variant as IconVariant)
    : null;
}

export function iconLook(settings: Pick<Settings, "name" | "theme" | "template">): IconLook {
  const { brand, accent, radius } = settings.theme;
  return { name: settings.name, brand, accent, radius, template: settings.template };
}

async function etagOf(look: IconLook, file: IconFile): Promise<string> {
  const text = JSON.stringify([DRAWING_VERSION, file, look]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = [...new Uint8Array(digest).slice(0, 10)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

async function draw(look: IconLook, file: IconFile): Promise<Uint8Array<ArrayBuffer> | string> {
  if (file === "favicon") return svgIcon(look);
  const { size, rgba } = rasterIcon(look, file);
  return encodePng(size, size, rgba);
}

export async function iconResponse(request: Request, look: IconLook, file: IconFile): Promise<Response> {
  const etag = await etagOf(look, file);
  const headers = {
    "Content-Type": file === "favicon" ? "image/svg+xml" : "image/png",
    "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  let body = drawn.get(etag);
  if (body === undefined) {
    body = await draw(look, file);
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value ?? "");
    drawn.set(etag, body);
  }
  return new Response(typeof body === "string" ? body : new Blob([body]), { headers });
}
