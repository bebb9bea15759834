/**
 * The hosts' queue page, live (app/routes/staff/hosts.tsx; ADR 045): the hosts' desk socket and
 * the polling behind it. Its own module, so the conversation page does not carry it.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** The hosts' desk socket: "the queue changed" (ADR 045); a keep-alive ping every 30 s. */
const DESK_PATH = "/api/staff/host_live.php";
const DESK_PING_MS = 30_000;
const DESK_RETRY_MS = 5_000;
/** With the socket open, the queue still reloads this often: a lease that runs out sends no event. */
const DESK_OPEN_POLL_MS = 60_000;

/**
 * The hosts' queue, live: the page loads its data again when the desk says the queue changed (a
 * member waits, a conversation is claimed, released or answered), and polls every `everyMs`
 * while the socket is down (or every minute while it is up). Nothing when the tab is hidden.
 */
export function useLiveQueue(everyMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let open = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastPoll = Date.now();
    const reload = () => {
      lastPoll = Date.now();
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    };
    const connect = () => {
      if (stopped || !("WebSocket" in window)) return;
      const url = new URL(DESK_PATH, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const opened = new WebSocket(url);
      socket = opened;
      opened.addEventListener("open", () => {
        open = true;
      });
      opened.addEventListener("message", (event) => {
        if (event.data !== "pong") reload();
      });
      opened.addEventListener("close", () => {
        open = false;
        if (!stopped) retry = setTimeout(connect, DESK_RETRY_MS);
      });
    };
    connect();
    const ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), DESK_PING_MS);
    const poll = setInterval(() => {
      if (Date.now() - lastPoll >= (open ? DESK_OPEN_POLL_MS : everyMs) - 100) reload();
    }, everyMs);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      clearInterval(poll);
      socket?.close();
    };
  }, [everyMs]);
}
