/**
 * User polling (spec §4, §9): every 60 s, or 5 min when push is subscribed (push tells us
 * sooner). A 403 means the session is gone: the loaders run again, which shows the page as a
 * visitor sees it (or sends a members-only page to /login). Stops at logout; for 1 s after a
 * logout starts no poll is sent.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export const POLL_INTERVAL_MS = 60_000;
export const POLL_INTERVAL_PUSH_MS = 300_000;
export const LOGGING_OUT_MS = 1_000;

let loggingOutUntil = 0;

/** Called when the logout form is sent. */
export function markLoggingOut(now = Date.now()) {
  loggingOutUntil = now + LOGGING_OUT_MS;
}

export function isLoggingOut(now = Date.now()) {
  return now < loggingOutUntil;
}

export function pollInterval(pushSubscribed: boolean) {
  return pushSubscribed ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
}

async function hasPushSubscription(): Promise<boolean> {
  if (!("serviceWorker" in navigator)) return false;
  const registrations = await navigator.serviceWorker.getRegistrations();
  for (const registration of registrations) {
    if (await registration.pushManager?.getSubscription()) return true;
  }
  return false;
}

export function useUserPolling(loggedIn: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!loggedIn) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const poll = async () => {
      if (isLoggingOut() || document.visibilityState === "hidden") return;
      const response = await fetch("/api/user.php", { credentials: "same-origin" }).catch(() => null);
      if (response?.status === 403 && !stopped) void revalidate();
    };
    void hasPushSubscription()
      .catch(() => false)
      .then((push) => {
        if (!stopped) timer = setInterval(poll, pollInterval(push));
      });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [loggedIn, revalidate]);
}
