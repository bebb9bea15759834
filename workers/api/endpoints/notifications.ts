/**
 * GET /api/notifications.php and POST /api/notifications.php (designed): the member's likes,
 * account notices and messages (the newest from the other member of each conversation), newest
 * first, and marking likes and notices read. A message counts as read once it was seen in its
 * chat, so the chat's unread count and this list agree.
 */
import { Hono } from "hono";
import {
  NOTICE_KINDS,
  type Notification,
  NotificationsAnswerSchema,
  NotificationsReadAnswerSchema,
} from "../../../contract/schemas";
import { NotificationsReadBodySchema } from "../../../contract/requests/discover";
import type { ApiContext } from "../context";
import { chatProfiles } from "../db/chat";
import { likedByCards, markLikesSeen } from "../db/likes";
import { newestMessagesFromOthers } from "../db/messages";
import { markNoticesRead, selectNotices } from "../db/notices";
import { toCard } from "../db/profiles";
import { answer } from "../lib/answer";
import { readBody } from "../lib/request";
import { requireSession } from "../lib/member";

const LIMIT = 50;
const isNoticeKind = (kind: string): kind is (typeof NOTICE_KINDS)[number] => NOTICE_KINDS.some((k) => k === kind);

export const notifications = new Hono<ApiContext>()
  .get("/notifications.php", async (c) => {
    const member = requireSession(c);
    const me = member.id;
    const { db } = c.var;
    const [likes, notices, messages] = await Promise.all([
      // The likes that count (db/likes.ts): the same as /likes and the badge.
      likedByCards(db, me, LIMIT),
      selectNotices(db, member, LIMIT),
      newestMessagesFromOthers(db, me, LIMIT),
    ]);
    const now = new Date();
    const others = await chatProfiles(
      db,
      me,
      messages.map((row) => row.other_id),
      now,
    );
    const list: Notification[] = [
      ...likes.map(
        (row): Notification => ({
          type: "like",
          id: `like-${row.id}`,
          created_at: row.liked_at,
          read: row.is_new === 0,
          profile: toCard(row, now),
        }),
      ),
      ...notices.flatMap((notice): Notification[] =>
        isNoticeKind(notice.kind)
          ? [
              {
                type: "account",
                id: `notice-${notice.id}`,
                created_at: notice.created_at,
                read: notice.read_at !== null,
                kind: notice.kind,
              },
            ]
          : [],
      ),
      ...messages.flatMap((row): Notification[] => {
        const other = others.get(row.other_id);
        if (!other) return [];
        // The contract's card: a chat's `deleted` flag is not part of it (a left member shows with no name).
        const { deleted: _, ...profile } = other;
        return [
          {
            type: "message",
            id: `message-${row.message_id}`,
            created_at: row.created_at,
            read: row.message_id <= row.last_read_id,
            conversation: row.conversation_id,
            profile,
          },
        ];
      }),
    ]
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, LIMIT);
    return answer(c, NotificationsAnswerSchema, { notifications: list, unread: list.filter((n) => !n.read).length });
  })
  .post("/notifications.php", async (c) => {
    const me = requireSession(c).id;
    await readBody(c, NotificationsReadBodySchema);
    const { db } = c.var;
    await markLikesSeen(db, me);
    await markNoticesRead(db, me);
    return answer(c, NotificationsReadAnswerSchema, { unread: 0 });
  });
