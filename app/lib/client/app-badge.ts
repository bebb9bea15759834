/**
 * The app badge (spec §4): unread messages plus new likes, on the installed app's icon
 * (navigator.setAppBadge) or, where that is missing, in the page title. The page arrives with
 * the count (the user answer's unread_messages and new_likes); chats and likes polling then run
 * on user polling's interval, 1 000 ms behind it (spec §9), and live chat events bring it sooner
 * (lib/client/live.ts). A 403 re-runs the loaders (spec §8).
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { isLoggingOut, pollInterval } from "./user-polling";

export const LIKES_POLL_DELAY_MS = 1_000;

export function badgeCount(unreadMessages: number, newLikes: number): number {
  return unreadMessages + newLikes;
}

/** The title with the count in front, "(3) Amora", or without it for 0. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

function newLikesIn(answer: unknown): number {
  if (typeof answer !== "object" || answer === null || !("liked_by" in answer) || !Array.isArray(answer.liked_by)) return 0;
  return answer.liked_by.filter((p: unknown) => typeof p === "object" && p !== null && "like_new" in p && p.like_new === true).length;
}

function unreadIn(answer: unknown): number {
  if (typeof answer !== "object" || answer === null || !("chats" in answer) || !Array.isArray(answer.chats)) return 0;
  return answer.chats.reduce((sum: number, chat: unknown) => {
    const n = typeof chat === "object" && chat !== null ? Reflect.get(chat, "num_unread_messages") : 0;
    return sum + (typeof n === "number" ? n : 0);
  }, 0);
}

function showBadge(count: number) {
  if ("setAppBadge" in navigator) {
    void (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => undefined);
  }
  document.title = titleWithCount(document.title, count);
}

/** `count` (unread messages plus new likes) is null for visitors: no badge, no polling. */
export function useAppBadge(count: number | null) {
  const { revalidate } = useRevalidator();
  const loggedIn = count !== null;
  useEffect(() => {
    if (count !== null) showBadge(count);
  }, [count]);
  useEffect(() => {
    if (!loggedIn) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const poll = async () => {
      if (isLoggingOut()) return;
      const [likes, chats] = await Promise.all(
        ["/api/likes.php", "/api/chats.php"].map((url) => fetch(url, { credentials: "same-origin" }).catch(() => null)),
      );
      if (!likes || !chats) return;
      if (likes.status === 403 || chats.status === 403) return void revalidate();
      if (likes.ok && chats.ok) showBadge(badgeCount(unreadIn(await chats.json()), newLikesIn(await likes.json())));
    };
    const every = pollInterval(false);
    const start = setTimeout(() => {
      void poll();
      interval = setInterval(poll, every);
    }, every + LIKES_POLL_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [loggedIn, revalidate]);
}
