/**
 * Live chat (issue 6, ADR 011): one WebSocket per page to the member's inbox (/api/live.php).
 * It says only "something changed"; the page then loads its data again (the open conversation,
 * the chat list, the badge), so what it shows always comes from the API. When the socket cannot
 * be kept (a proxy that refuses WebSockets, a flaky network), an open chat polls instead, every
 * few seconds while it is visible; other pages keep the spec's polling (user-polling.ts).
 */
import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";

/** An open chat's polling when the socket fails. */
export const CHAT_POLL_MS = 3_000;
/** Keep-alive, so idle proxies do not drop the socket (answered by the inbox without waking it). */
const PING_MS = 30_000;
/** After this many failed connections in a row, polling takes over (the socket is still retried, slower). */
const FAILURES_BEFORE_POLLING = 2;

export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

export function isChatPath(pathname: string): boolean {
  return /^\/chats\/\d+$/.test(pathname);
}

export function useLiveUpdates(loggedIn: boolean) {
  const { revalidate } = useRevalidator();
  const onChat = isChatPath(useLocation().pathname);
  const [socketDown, setSocketDown] = useState(false);

  useEffect(() => {
    if (!loggedIn) return;
    if (!("WebSocket" in window)) return setSocketDown(true);
    let socket: WebSocket | null = null;
    let failures = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      const url = new URL("/api/live.php", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const opened = new WebSocket(url);
      socket = opened;
      opened.addEventListener("open", () => {
        failures = 0;
        setSocketDown(false);
        ping = setInterval(() => opened.readyState === WebSocket.OPEN && opened.send("ping"), PING_MS);
      });
      opened.addEventListener("message", (event) => {
        if (event.data !== "pong") void revalidate();
      });
      opened.addEventListener("close", () => {
        clearInterval(ping);
        if (stopped) return;
        failures++;
        if (failures >= FAILURES_BEFORE_POLLING) setSocketDown(true);
        retry = setTimeout(connect, reconnectDelay(failures));
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [loggedIn, revalidate]);

  useEffect(() => {
    if (!loggedIn || !onChat || !socketDown) return;
    const poll = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, CHAT_POLL_MS);
    return () => clearInterval(poll);
  }, [loggedIn, onChat, socketDown, revalidate]);
}
