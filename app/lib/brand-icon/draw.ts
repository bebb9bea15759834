/**
 * A site's icon drawn from its theme (issue 29 point 23; ADR 061): the brand colour running into
 * the accent colour behind the initial of the site's name in white. The classic template's icon
 * is a rounded square (its corners follow the theme's radius), the social template's a circle;
 * the maskable icon fills its square and keeps the letter inside the safe zone (the middle 80 %).
 * The same layout gives the PNG (rasterIcon) and the SVG favicon (svgIcon).
 */
import type { TemplateName } from "../../../contract/rules/templates";
import { glyphFor, type Point } from "./glyphs";

export const ICON_VARIANTS = ["192", "512", "maskable-512"] as const;
export type IconVariant = (typeof ICON_VARIANTS)[number];

export interface IconLook {
  name: string;
  brand: string;
  accent: string;
  radius: number;
  template: TemplateName;
}

interface Layout {
  size: number;
  shape: "square" | "rounded" | "circle";
  corner: number;
  /** The strokes in pixels, and their width. */
  strokes: Point[][];
  strokeWidth: number;
}

function layout(look: IconLook, size: number, maskable: boolean): Layout {
  const glyph = glyphFor(look.name);
  const height = size * (maskable ? 0.36 : 0.46);
  const strokeWidth = height * 0.15;
  const left = (size - glyph.width * height) / 2;
  const top = (size - height) / 2;
  const strokes = glyph.strokes.map((stroke) => stroke.map(([x, y]) => [left + x * height, top + y * height] as const));
  const shape = maskable ? "square" : look.template === "social" ? "circle" : "rounded";
  // A theme radius of 0–28 px on cards becomes corners of 12–34 % of the icon.
  const corner = size * (0.12 + (0.22 * Math.min(28, Math.max(0, look.radius))) / 28);
  return { size, shape, corner, strokes, strokeWidth };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** How much of the pixel centred at (x, y) the background shape covers (0–1, smooth at the edge). */
function shapeCoverage(l: Layout, x: number, y: number): number {
  const half = l.size / 2;
  if (l.shape === "square") return 1;
  if (l.shape === "circle") return clamp01(half - Math.hypot(x - half, y - half) + 0.5);
  const qx = Math.abs(x - half) - (half - l.corner);
  const qy = Math.abs(y - half) - (half - l.corner);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - l.corner;
  return clamp01(0.5 - outside);
}

function distanceToSegment(px: number, py: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : clamp01(((px - ax) * dx + (py - ay) * dy) / length);
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The letter's coverage per pixel: each segment touches only the pixels near it. */
function strokeCoverage(l: Layout): Float32Array {
  const cover = new Float32Array(l.size * l.size);
  const r = l.strokeWidth / 2;
  for (const stroke of l.strokes) {
    for (let i = 0; i + 1 < stroke.length; i++) {
      const a = stroke[i] as Point;
      const b = stroke[i + 1] as Point;
      const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - r - 1));
      const x1 = Math.min(l.size - 1, Math.ceil(Math.max(a[0], b[0]) + r + 1));
      const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r - 1));
      const y1 = Math.min(l.size - 1, Math.ceil(Math.max(a[1], b[1]) + r + 1));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const value = clamp01(r - distanceToSegment(x + 0.5, y + 0.5, a, b) + 0.5);
          const index = y * l.size + x;
          if (value > (cover[index] ?? 0)) cover[index] = value;
        }
      }
    }
  }
  return cover;
}

/** The icon's pixels (RGBA, not premultiplied), ready for encodePng. */
export function rasterIcon(look: IconLook, variant: IconVariant): { size: number; rgba: Uint8Array } {
  const size = variant === "192" ? 192 : 512;
  const l = layout(look, size, variant === "maskable-512");
  const from = rgb(look.brand);
  const to = rgb(look.accent);
  const letter = strokeCoverage(l);
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const index = y * size + x;
      const t = (x + y + 1) / (2 * size); // top left brand, bottom right accent
      const ink = letter[index] ?? 0;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] ?? 0) + ((to[c] ?? 0) - (from[c] ?? 0)) * t;
        rgba[index * 4 + c] = Math.round(base + (255 - base) * ink);
      }
      rgba[index * 4 + 3] = Math.round(255 * shapeCoverage(l, x + 0.5, y + 0.5));
    }
  }
  return { size, rgba };
}

const n = (value: number) => Number(value.toFixed(2));

/** The favicon: the same icon as SVG (colours are validated #rrggbb, so safe to write in). */
export function svgIcon(look: IconLook): string {
  const l = layout(look, 64, false);
  const background =
    l.shape === "circle"
      ? `<circle cx="32" cy="32" r="32" fill="url(#g)"/>`
      : `<rect width="64" height="64" rx="${n(l.corner)}" fill="url(#g)"/>`;
  const path = l.strokes.map((stroke) => stroke.map(([x, y], i) => `${i === 0 ? "M" : "L"}${n(x)} ${n(y)}`).join("")).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.brand}"/>` +
    `<stop offset="1" stop-color="${look.accent}"/></linearGradient></defs>${background}` +
    `<path d="${path}" fill="none" stroke="#fff" stroke-width="${n(l.strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  );
}
