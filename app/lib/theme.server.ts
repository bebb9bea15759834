/**
 * The site's look for one request (docs/product.md §1.2): the theme as CSS custom properties,
 * the template and its feature flags. The development panel's "switch design version" keeps a
 * template in a cookie for one browser; it counts only on a loopback host, as the development
 * tools do, so a production site always shows its own template.
 */
import type { RouterContextProvider } from "react-router";
import type { Settings } from "../../contract/schemas";
import { isTemplateName, TEMPLATE_FLAGS, type TemplateName } from "../../contract/rules/templates";
import { themeCss, themeImageUrl } from "../../contract/rules/theme";
import { requestContext } from "./context";
import { readCookie } from "./cookies.server";

export const DESIGN_COOKIE = { name: "design", maxAgeSeconds: 2_592_000 } as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopback(request: Request): boolean {
  return LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}

/** The template this browser sees: the development override on a loopback host, else the site's. */
export function templateFor(request: Request, settings: Pick<Settings, "template">): TemplateName {
  const override = readCookie(request, DESIGN_COOKIE.name);
  return isLoopback(request) && isTemplateName(override) ? override : settings.template;
}

/** The Set-Cookie that switches (or, with null, resets) the template for this browser. */
export function designCookie(request: Request, template: TemplateName | null): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const value = template ?? "";
  const maxAge = template ? DESIGN_COOKIE.maxAgeSeconds : 0;
  return `${DESIGN_COOKIE.name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${secure}`;
}

export function siteLook(request: Request, context: Readonly<RouterContextProvider>, settings: Settings) {
  const template = templateFor(request, settings);
  return {
    css: themeCss(settings.theme),
    nonce: context.get(requestContext).nonce,
    brand: settings.theme.brand,
    template,
    flags: TEMPLATE_FLAGS[template],
    logo: themeImageUrl(settings.theme.logo, settings.cdn_prefix),
    hero: themeImageUrl(settings.theme.hero, settings.cdn_prefix),
  };
}
