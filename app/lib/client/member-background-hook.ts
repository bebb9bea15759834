/**
 * Starts member-background.ts for a logged-in member, after the page is up: the module is
 * fetched then, so visitors' pages never carry it.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useMemberBackground(loggedIn: boolean) {
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./member-background").then(({ startMemberBackground }) => {
      if (!cancelled) stop = startMemberBackground(() => void latest.current());
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loggedIn]);
}
