/**
 * The typing indicator (issue 27; docs/product.md "Chat"): the other side of a conversation types,
 * and the open chat says so for a few seconds. The member's inbox socket carries
 * `{ type: "typing", conversation }` (member-background.ts passes it on as a window event instead
 * of reloading the page); a member's own typing is sent at most every TYPING_SIGNAL_MS through
 * POST /resources/typing. Hosts' typing reaches members through the same event (ADR 045).
 */
import { useEffect, useRef, useState } from "react";
import { routePath } from "~/lib/route-path";
import { TYPING_SIGNAL_MS } from "../../../contract/limits";

/** The window event a chat listens for; its detail is the conversation's id. */
export const TYPING_EVENT = "chat-typing";
/** How long "… is typing" shows after the last signal. */
export const TYPING_SHOWN_MS = 6_000;

/** The conversation of a socket's typing event, or null for any other event. */
export function typingIn(data: unknown): number | null {
  if (typeof data !== "string" || !data.includes('"typing"')) return null;
  try {
    const event: unknown = JSON.parse(data);
    if (typeof event !== "object" || event === null || !("type" in event) || event.type !== "typing") return null;
    return "conversation" in event && typeof event.conversation === "number" ? event.conversation : null;
  } catch {
    return null;
  }
}

/** Whether the other side types in this conversation now; a new message (`lastMessageId`) ends it. */
export function useOtherTyping(conversation: number, lastMessageId: number | undefined): boolean {
  const [until, setUntil] = useState(0);
  const [, tick] = useState(0);
  useEffect(() => {
    const onTyping = (event: Event) => {
      if ((event as CustomEvent<number>).detail === conversation) setUntil(Date.now() + TYPING_SHOWN_MS);
    };
    window.addEventListener(TYPING_EVENT, onTyping);
    return () => window.removeEventListener(TYPING_EVENT, onTyping);
  }, [conversation]);
  // The message it was typing arrived: no longer typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the newest message changes
  useEffect(() => setUntil(0), [lastMessageId]);
  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

/** A function for the composer's input: tells the other side, at most every TYPING_SIGNAL_MS. */
export function useTypingSignal(conversation: number): () => void {
  const last = useRef(0);
  return () => {
    if (Date.now() - last.current < TYPING_SIGNAL_MS) return;
    last.current = Date.now();
    void fetch(routePath("/resources/typing"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conversation }),
      credentials: "same-origin",
    }).catch(() => undefined);
  };
}
