/**
 * The parts of a site's look that pages draw with, without the schema (contract/rules/theme.ts
 * checks them): the named font stacks, the WCAG contrast of two colours, and the default theme.
 * Zod-free, so the staff console's preview can use them without shipping the schema to browsers.
 */
import type { Theme } from "./theme";

/** Named font stacks: system fonts only, so a slow network never waits for a web font. */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Nunito", "Varela Round", system-ui, sans-serif',
  serif: 'ui-serif, "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif',
  humanist: '"Seravek", "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
} as const;
export type FontName = keyof typeof FONT_STACKS;

/** Relative luminance of an sRGB colour (WCAG 2.2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const DEFAULT_THEME: Theme = {
  brand: "#b0124f",
  accent: "#c2185b",
  surface: "#faf7f8",
  radius: 16,
  heading_font: "system",
  body_font: "system",
};
