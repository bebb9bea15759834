/**
 * What runs in the background of a member's page, loaded only once a member's page is up
 * (visitors never download it):
 *
 * - user polling (docs/product.md §4, §9): every 60 s, or 5 min with push (GET /resources/session);
 *   a 403 means the session is gone, and the loaders run again (a members-only page then goes
 *   to /login);
 * - chats and likes polling, 1 000 ms behind it, for the app badge (GET /resources/badge);
 * - live chat (issue 6, ADR 011): a WebSocket to the member's inbox (/api/live.php). It only
 *   says "something changed", and the page loads its data again, so what it shows always comes
 *   from the API. When the socket cannot be kept, an open chat polls every few seconds instead.
 *   The other side typing is passed on to the open chat as an event (./typing.ts), not loaded.
 */
import { routePath } from "~/lib/route-path";
import { fetchResource } from "../resource-answer";
import type { loader as badgeLoader } from "../../routes/resources/badge";
import { LIKES_POLL_DELAY_MS, showBadge } from "./app-badge";
import { TYPING_EVENT, typingIn } from "./typing";
import { isLoggingOut, pollInterval } from "./user-polling";

/** An open chat's polling while the socket is down. */
export const CHAT_POLL_MS = 3_000;
/** Keep-alive, so idle proxies do not drop the socket (answered by the inbox without waking it). */
const PING_MS = 30_000;
/** After this many failed connections in a row, an open chat polls (the socket is still retried). */
const FAILURES_BEFORE_POLLING = 2;

export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

export function isChatPath(pathname: string): boolean {
  return /^\/chats\/\d+$/.test(pathname);
}

async function hasPushSubscription(): Promise<boolean> {
  if (!("serviceWorker" in navigator)) return false;
  const registrations = await navigator.serviceWorker.getRegistrations();
  for (const registration of registrations) {
    if (await registration.pushManager?.getSubscription()) return true;
  }
  return false;
}

/** Starts everything; the answer stops it (logout, or the page going away). */
export function startMemberBackground(revalidate: () => void): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  let stopped = false;
  const visible = () => document.visibilityState !== "hidden";

  // User polling, and chats and likes polling one second behind it.
  const pollUser = async () => {
    if (isLoggingOut() || !visible()) return;
    const response = await fetch(routePath("/resources/session"), { credentials: "same-origin" }).catch(() => null);
    if (response?.status === 403 && !stopped) revalidate();
  };
  const pollBadge = async () => {
    if (isLoggingOut() || !visible()) return;
    const response = await fetchResource<typeof badgeLoader>(routePath("/resources/badge")).catch(() => null);
    if (!response || stopped) return;
    if (response.status === 403) return revalidate();
    if (response.ok) showBadge((await response.json()).count);
  };
  void hasPushSubscription()
    .catch(() => false)
    .then((push) => {
      if (stopped) return;
      const every = pollInterval(push);
      timers.push(setInterval(pollUser, every));
      timers.push(setTimeout(() => timers.push(setInterval(pollBadge, every)), LIKES_POLL_DELAY_MS));
    });

  // Live chat, with polling in an open chat while the socket is down.
  let socket: WebSocket | null = null;
  let failures = 0;
  let connectedBefore = false;
  let ping: ReturnType<typeof setInterval> | undefined;
  timers.push(
    setInterval(() => {
      if (failures >= FAILURES_BEFORE_POLLING && visible() && isChatPath(window.location.pathname)) revalidate();
    }, CHAT_POLL_MS),
  );
  const connect = () => {
    if (stopped || !("WebSocket" in window)) {
      failures = FAILURES_BEFORE_POLLING;
      return;
    }
    const url = new URL("/api/live.php", window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const opened = new WebSocket(url);
    socket = opened;
    opened.addEventListener("open", () => {
      // Back after a drop: whatever happened meanwhile is loaded now.
      if (connectedBefore || failures > 0) revalidate();
      connectedBefore = true;
      failures = 0;
      ping = setInterval(() => opened.readyState === WebSocket.OPEN && opened.send("ping"), PING_MS);
    });
    opened.addEventListener("message", (event) => {
      if (event.data === "pong" || stopped) return;
      // The other side typing changes no data: the chat shows it (lib/client/typing.ts).
      const typing = typingIn(event.data);
      if (typing !== null) window.dispatchEvent(new CustomEvent(TYPING_EVENT, { detail: typing }));
      else revalidate();
    });
    opened.addEventListener("close", () => {
      clearInterval(ping);
      if (stopped) return;
      failures++;
      timers.push(setTimeout(connect, reconnectDelay(failures)));
    });
  };
  connect();

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    clearInterval(ping);
    socket?.close();
  };
}
