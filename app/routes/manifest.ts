import { siteSettings } from "~/lib/api/site.server";
import { requestLocale } from "~/lib/i18n.server";
import { siteScreenshots } from "~/lib/site-screenshots";
import { messages } from "../../contract/messages";
import { createTranslator } from "../../contract/translator";
import type { Route } from "./+types/manifest";

/**
 * GET /manifest.webmanifest (spec §1): each site's own web app manifest, so an installed app
 * carries the site's name and colours (docs/product.md §1.2). Shortcuts lead to search and chats.
 * Its icons are drawn from the site's theme, its screenshots are of its own pages where taken, and
 * its description is the site's own welcome text in this language where it has one (ADR 061).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await siteSettings(request, context);
  const locale = requestLocale(context);
  const { t } = createTranslator(locale, messages[locale]);
  const manifest = {
    id: "/",
    name: settings.name,
    description: settings.welcome?.[locale]?.text || t("meta.welcomeDescription", { site: settings.name }),
    short_name: settings.name,
    lang: locale,
    start_url: "/home",
    scope: "/",
    display: "standalone",
    background_color: settings.theme.surface,
    theme_color: settings.theme.brand,
    icons: [
      { src: "/icons/site/192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/site/512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/site/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // Shown by the browser's install dialog: the site's own search where it was taken, else a generic one.
    screenshots: siteScreenshots(new URL(request.url).hostname),
    shortcuts: [
      { name: t("nav.search"), url: "/members", icons: [{ src: "/icons/site/192.png", sizes: "192x192" }] },
      { name: t("nav.chats"), url: "/chats", icons: [{ src: "/icons/site/192.png", sizes: "192x192" }] },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
