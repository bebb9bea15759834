// The push worker (spec §1: registered from /sw-push.js?v=2, scope /push/). It shows the
// notifications the API sends and opens the page a notification points at. Messages are JSON:
// { title, body, url, tag, icon }.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" ? message.title : self.location.hostname;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: typeof message.icon === "string" ? message.icon : "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      data: { url: typeof message.url === "string" ? message.url : "/home" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // Only pages of this site are opened.
  const target = new URL(event.notification.data?.url ?? "/home", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : new URL("/home", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
