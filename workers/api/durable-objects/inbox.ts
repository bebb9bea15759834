/**
 * A member's inbox (issue 6, ADR 011): one Durable Object per member, holding the WebSockets
 * of that member's open pages with the hibernation API, so an idle connection costs nothing.
 * When a message is sent, the API tells both members' inboxes; each page that hears it loads
 * its data again (the open conversation, the chat list, the badge in the header).
 *
 * The socket only carries "something changed" events, never message text: what a page shows
 * always comes from the API's answers, with their checks.
 */
import { DurableObject } from "cloudflare:workers";
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { runAfterAnswer } from "../lib/after-answer";

/**
 * What a member's pages hear: a message or a read (the page loads its data again), or the other
 * side typing in a conversation (issue 27: the page shows "… is typing" and loads nothing).
 */
export type InboxEvent =
  | { type: "message"; conversation: number; id: number }
  | { type: "read"; conversation: number }
  | { type: "typing"; conversation: number }
  /** To the hosts' desk (hostDeskOf): the queue of this site changed (a member waits, a lease, a reply). */
  | { type: "queue"; site: number };

export class MemberInbox extends DurableObject<ApiEnv> {
  constructor(ctx: DurableObjectState, env: ApiEnv) {
    super(ctx, env);
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The upgrade, already checked by the API worker (the session's member owns this inbox). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket.", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open page of the member; answers how many there were. */
  notify(event: InboxEvent): number {
    const sockets = this.ctx.getWebSockets();
    const text = JSON.stringify(event);
    for (const socket of sockets) {
      try {
        socket.send(text);
      } catch {
        // A socket closing right now: its page reconnects, or polls.
      }
    }
    return sockets.length;
  }

  /**
   * Closes every open page's socket (a ban: docs/decisions/040): the pages hear nothing more, and
   * their reconnect is refused by live.php like every other call of a banned member. Answers how
   * many were open.
   */
  closeAll(code: number, reason: string): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.close(code, reason);
      } catch {
        // Closed already.
      }
    }
    return sockets.length;
  }

  override webSocketMessage(): void {
    // Pages only listen; "ping" is answered by the auto-response.
  }

  override webSocketClose(socket: WebSocket, code: number): void {
    try {
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // Already closed.
    }
  }
}

/**
 * The hosts' desk (ADR 045): the same kind of object, one for the platform, holding the sockets of
 * open hosts' queue pages; it hears "the queue changed" and each page loads its queue again (its
 * own scope: the event names only the site).
 */
export function hostDeskOf(env: ApiEnv): DurableObjectStub<MemberInbox> {
  return env.INBOX.get(env.INBOX.idFromName("hosts-desk"));
}

/** Tells the open hosts' queue pages that a site's queue changed; after the answer, never failing it. */
export function notifyHostDesk(c: Context<ApiContext>, site: number): Promise<void> | void {
  const work = hostDeskOf(c.env)
    .notify({ type: "queue", site })
    .then(
      () => undefined,
      (error: unknown) => console.warn("host desk notification failed", error),
    );
  return runAfterAnswer(c, work);
}

/** The inbox of one member. */
export function inboxOf(env: ApiEnv, memberId: number): DurableObjectStub<MemberInbox> {
  return env.INBOX.get(env.INBOX.idFromName(`member:${memberId}`));
}

/** Tells the members' inboxes after the answer has gone; a failure only delays the news (pages also poll). */
export function notifyInboxes(c: Context<ApiContext>, memberIds: number[], event: InboxEvent): Promise<void> | void {
  const work = Promise.all(memberIds.map((id) => inboxOf(c.env, id).notify(event))).then(
    () => undefined,
    (error: unknown) => console.warn("inbox notification failed", error),
  );
  return runAfterAnswer(c, work);
}

/** The close code a ban ends a member's sockets with (policy violation, RFC 6455 §7.4.1). */
export const BANNED_CLOSE_CODE = 1008;

/**
 * Ends the live sockets of these members now (a ban). Awaited: the decision's answer means the
 * sockets are closed. A failure is logged; the sockets' next reconnect is refused anyway.
 */
export async function closeInboxes(env: ApiEnv, memberIds: number[]): Promise<void> {
  await Promise.all(
    memberIds.map((id) =>
      inboxOf(env, id)
        .closeAll(BANNED_CLOSE_CODE, "banned")
        .catch((error: unknown) => console.warn("closing an inbox failed", error)),
    ),
  );
}
