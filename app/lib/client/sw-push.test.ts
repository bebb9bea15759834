// The push worker (public/sw-push.js), run against a stand-in for the service worker's global:
// what it shows for the API's payload (docs/api.md "Push messages"), the 1500 ms icon timeout,
// the app badge, and where a click goes.
import { afterEach, describe, expect, it, vi } from "vitest";
import source from "../../../public/sw-push.js?raw";

type Handler = (event: unknown) => void;
interface Shown {
  title: string;
  options: { body?: string; icon?: string; tag?: string; lang?: string; data?: { url?: string } };
}

function worker(options: { fetch?: (url: string, init: { signal: AbortSignal }) => Promise<Response>; windows?: string[] } = {}) {
  const handlers = new Map<string, Handler>();
  const shown: Shown[] = [];
  const badges: number[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const self = {
    location: new URL("https://amora.example/sw-push.js?v=2"),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: () => Promise.resolve(),
    registration: {
      showNotification: async (title: string, options: Shown["options"]) => {
        shown.push({ title, options });
      },
    },
    navigator: {
      setAppBadge: async (count: number) => {
        badges.push(count);
      },
      clearAppBadge: async () => {
        badges.push(0);
      },
    },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => (options.windows ?? []).map((url) => ({ url, focus: async () => focused.push(url) })),
      openWindow: async (url: string) => opened.push(url),
    },
  };
  const fetchImpl = options.fetch ?? (async () => new Response("image", { status: 200 }));
  new Function("self", "fetch", source)(self, fetchImpl);

  async function push(payload: unknown) {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get("push")?.({
      data: { json: () => payload, text: () => JSON.stringify(payload) },
      waitUntil: (promise: Promise<unknown>) => {
        work = promise;
      },
    });
    return work;
  }
  async function click(url: string | undefined) {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get("notificationclick")?.({
      notification: { data: { url }, close: () => undefined },
      waitUntil: (promise: Promise<unknown>) => {
        work = promise;
      },
    });
    await work;
  }
  return { push, click, shown, badges, opened, focused };
}

const payload = {
  web_push: 8030,
  notification: {
    title: "Anna sent you a message",
    body: "Open the chat to read it.",
    navigate: "https://amora.example/chats/12",
    lang: "en",
    icon: "https://amora.example/api/images/a.jpg",
    tag: "chat-12",
    app_badge: 3,
  },
  kind: "message",
  title: "Anna sent you a message",
  body: "Open the chat to read it.",
  url: "https://amora.example/chats/12",
  tag: "chat-12",
  icon: "https://amora.example/api/images/a.jpg",
  badge: 3,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("sw-push.js", () => {
  it("shows the API's notification with the sender's photo and sets the app badge", async () => {
    const sw = worker();
    await sw.push(payload);
    expect(sw.shown).toEqual([
      {
        title: "Anna sent you a message",
        options: expect.objectContaining({
          body: "Open the chat to read it.",
          icon: "https://amora.example/api/images/a.jpg",
          tag: "chat-12",
          lang: "en",
          data: { url: "https://amora.example/chats/12" },
        }),
      },
    ]);
    expect(sw.badges).toEqual([3]);
  });

  it("reads the Declarative Web Push form alone too", async () => {
    const sw = worker();
    await sw.push({ web_push: 8030, notification: payload.notification });
    expect(sw.shown[0]?.title).toBe("Anna sent you a message");
    expect(sw.shown[0]?.options.data?.url).toBe("https://amora.example/chats/12");
    expect(sw.badges).toEqual([3]);
  });

  it("uses the site's icon when the photo does not arrive within 1500 ms, or fails", async () => {
    vi.useFakeTimers();
    const hanging = worker({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(new Error("aborted")))),
    });
    const shown = hanging.push(payload);
    await vi.advanceTimersByTimeAsync(1499);
    expect(hanging.shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await shown;
    expect(hanging.shown[0]?.options.icon).toBe("/icons/site/192.png");

    const missing = worker({ fetch: async () => new Response("", { status: 404 }) });
    await missing.push(payload);
    expect(missing.shown[0]?.options.icon).toBe("/icons/site/192.png");
  });

  it("never points a notification at another site", async () => {
    const sw = worker();
    await sw.push({ ...payload, url: "https://evil.example/phish", notification: undefined });
    expect(sw.shown[0]?.options.data?.url).toBe("https://amora.example/home");
  });

  it("a click focuses a tab already on the page, else opens it; only this site's pages", async () => {
    const open = worker({ windows: ["https://amora.example/home", "https://amora.example/chats/12"] });
    await open.click("https://amora.example/chats/12");
    expect(open.focused).toEqual(["https://amora.example/chats/12"]);
    expect(open.opened).toEqual([]);

    const closed = worker({ windows: ["https://amora.example/home"] });
    await closed.click("https://amora.example/chats/12");
    expect(closed.opened).toEqual(["https://amora.example/chats/12"]);
    // Another site's address: this site's home instead (open already, so focused).
    await closed.click("https://evil.example/");
    expect(closed.focused).toEqual(["https://amora.example/home"]);
    expect(closed.opened).toEqual(["https://amora.example/chats/12"]);
  });
});
