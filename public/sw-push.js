// The push worker (spec §1: registered from /sw-push.js?v=2, scope /push/). It shows the
// notifications the API sends (docs/api.md "Push messages"; already translated by the API into
// the member's language), sets the app badge, and opens the page a notification points at.
// Messages are JSON: { kind, title, body, url, tag, icon, badge } plus the Declarative Web Push
// form { web_push: 8030, notification: { title, body, navigate, lang, icon, tag, app_badge } }
// that Safari 18.4+ shows without this worker; either form is read here.

/** docs/product.md §9: an icon that does not arrive within this long is replaced by the site's. */
const ICON_TIMEOUT_MS = 1500;
const SITE_ICON = "/icons/site/192.png"; // the site's own icon, drawn from its theme (ADR 061)

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function text(value, fallback) {
  return typeof value === "string" && value !== "" ? value : fallback;
}

/** A URL of this site (anything else, or nothing, gives the fallback path). */
function ownUrl(value, fallback) {
  try {
    const url = new URL(typeof value === "string" ? value : fallback, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(fallback, self.location.origin).href;
  } catch {
    return new URL(fallback, self.location.origin).href;
  }
}

/** The sender's photo when it loads within ICON_TIMEOUT_MS, else the site's icon. */
async function iconFor(url) {
  if (typeof url !== "string" || url === "") return SITE_ICON;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ICON_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: "same-origin" });
    return response.ok ? url : SITE_ICON;
  } catch {
    return SITE_ICON;
  } finally {
    clearTimeout(timer);
  }
}

/** The app badge (spec §4: unread messages + new likes), where the browser has one. */
async function setBadge(count) {
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0) return;
  const nav = self.navigator;
  try {
    if (count === 0 && nav.clearAppBadge) await nav.clearAppBadge();
    else if (nav.setAppBadge) await nav.setAppBadge(count);
  } catch {
    // Badging is a nicety: not allowed here (no installed app) is not an error.
  }
}

function read(event) {
  if (!event.data) return {};
  try {
    const message = event.data.json();
    return message && typeof message === "object" ? message : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener("push", (event) => {
  const message = read(event);
  const declarative = message.notification && typeof message.notification === "object" ? message.notification : {};
  const title = text(message.title, text(declarative.title, self.location.hostname));
  const url = ownUrl(message.url ?? declarative.navigate, "/home");
  const badge = typeof message.badge === "number" ? message.badge : declarative.app_badge;
  event.waitUntil(
    (async () => {
      const icon = await iconFor(message.icon ?? declarative.icon);
      await Promise.all([
        self.registration.showNotification(title, {
          body: text(message.body, text(declarative.body, "")),
          icon,
          badge: SITE_ICON,
          lang: text(declarative.lang, undefined),
          // One notification per conversation (or for likes): a newer one replaces it.
          tag: text(message.tag, text(declarative.tag, undefined)),
          data: { url },
        }),
        setBadge(badge),
      ]);
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only pages of this site are opened.
  const url = ownUrl(event.notification.data?.url, "/home");
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
