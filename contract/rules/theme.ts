/**
 * A site's look (docs/product.md §1.2): brand colours, corner radius, font stacks, an optional
 * logo and hero image, and the template with its feature flags. The server turns the theme into
 * CSS custom properties (themeCss) in one small inline style, so every site looks like its own
 * brand with no extra JavaScript and no extra request.
 *
 * Colours are checked here, not trusted: they become CSS, so only `#rrggbb` passes, and text on
 * the brand colour must stay readable (WCAG AA, 4.5:1 against white), so an operator cannot
 * choose a palette that fails the accessibility budget.
 */
import { z } from "zod";
import { contrastRatio, FONT_STACKS, type FontName } from "./theme-look";

export { contrastRatio, DEFAULT_THEME, FONT_STACKS, type FontName } from "./theme-look";

const fontName = z.enum(Object.keys(FONT_STACKS) as [FontName, ...FontName[]]);

export { isTemplateName, TEMPLATE_FLAGS, TEMPLATES, type TemplateFlags, type TemplateName } from "./templates";

// The messages are codes (snake_case), so the API's 422 names them and the console translates them.
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "colour_format");

const readableOnWhite = (colour: string) => contrastRatio(colour, "#ffffff") >= 4.5;

export const ThemeSchema = z.object({
  /** Buttons, links, the active tab: white text sits on it, so it needs 4.5:1 against white. */
  brand: hexColour.refine(readableOnWhite, "contrast_too_low"),
  /** The second colour of the brand gradient (buttons, the hero); the same contrast rule. */
  accent: hexColour.refine(readableOnWhite, "contrast_too_low"),
  /** The page's tint behind cards, in light mode. */
  surface: hexColour.default("#faf7f8"),
  /** Corner radius of cards and photos, in pixels. */
  radius: z.number().int().min(0).max(28).default(16),
  heading_font: fontName.default("system"),
  body_font: fontName.default("system"),
  /** An image path (under the site's cdn_prefix or an absolute https URL) shown instead of the name. */
  logo: z.string().max(300).optional(),
  /** The welcome page's picture (same forms as logo); without it the welcome page shows members' photos. */
  hero: z.string().max(300).optional(),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** A URL for a theme image: absolute https as is, anything else under the site's image prefix. */
export function themeImageUrl(path: string | undefined, cdnPrefix: string): string | null {
  if (!path) return null;
  return /^https:\/\//.test(path) ? path : cdnPrefix + path.replace(/^\/+/, "");
}

/**
 * The theme as CSS custom properties for `:root`. Only validated values reach it (hex colours,
 * named fonts, an integer radius), so the result is safe inside a <style> element. Dark mode
 * derives lighter brand tints from the same colours (app.css reads --brand-on-dark).
 */
export function themeCss(theme: Theme): string {
  const t = ThemeSchema.parse(theme);
  return (
    `:root{--brand:${t.brand};--accent:${t.accent};--surface-light:${t.surface};--radius:${t.radius}px;` +
    `--font-heading:${FONT_STACKS[t.heading_font]};--font-body:${FONT_STACKS[t.body_font]}}`
  );
}
