/**
 * The app badge (docs/product.md §4): unread messages plus new likes, on the installed app's icon
 * (navigator.setAppBadge) or, where that is missing, in the page title. The page arrives with
 * the count (the user answer's unread_messages and new_likes); member-background.ts keeps it
 * current between pages.
 */
import { useEffect } from "react";

/** Chats and likes polling run this long behind user polling (docs/product.md §9). */
export const LIKES_POLL_DELAY_MS = 1_000;

export function badgeCount(unreadMessages: number, newLikes: number): number {
  return unreadMessages + newLikes;
}

/** The title with the count in front, "(3) Amora", or without it for 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

export function showBadge(count: number) {
  if ("setAppBadge" in navigator) {
    void (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined);
  }
  document.title = titleWithCount(document.title, count);
}

/** `count` is null for visitors: no badge. */
export function useAppBadge(count: number | null) {
  useEffect(() => {
    if (count !== null) showBadge(count);
  }, [count]);
}
