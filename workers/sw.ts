/// <reference lib="webworker" />
/**
 * /sw.js, the app's service worker (scope /; docs/product.md §1.8, docs/decisions/023).
 * - Precaches the shell (the scripts every page loads, the icons and the offline page), so a
 *   returning member's app starts without downloading its code again, and works offline far
 *   enough to say so. A page's own script is cached the first time it is used (cache first:
 *   its name changes with its content), so a member's data pays only for the pages they open.
 * - Navigations always go to the network (with navigation preload, so the worker's start-up
 *   costs nothing): a member's pages and API answers are private and never cached. When the
 *   network fails, the precached offline page answers, with a retry.
 * - A new build installs beside the old one and waits; the page shows "New version" and sends
 *   SKIP_WAITING when the member chooses to reload (app/lib/client/app-updates.ts).
 * The list of files to precache is written in at build time (scripts/service-worker-build.ts).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const OFFLINE_URL = "/offline";

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
enableNavigationPreload();

// The build's other scripts, as they are used. Hashed names never change content, so the cached
// copy is always right; old builds' files age out of the cache (a build has about 150 scripts).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/assets/") && request.destination === "script",
  new CacheFirst({
    cacheName: "scripts",
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

// Pages: network only. Paths the browser opens on the API itself (photos, cam and partner
// redirects, the activation link) and the development tools are left alone.
const network = new NetworkOnly();
registerRoute(new NavigationRoute(network, { denylist: [/^\/api\//, /^\/_dev\//] }));
// Form posts are left to the browser: offline, its own error page keeps the form in history,
// and Back returns to it with what was typed.

setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(OFFLINE_URL)) ?? Response.error();
  return Response.error();
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") void self.skipWaiting();
});
