/**
 * GET /api/notifications.php and POST /api/notifications.php (designed): the member's new
 * likes and account notices, newest first, and marking them all read. Messages join with chat.
 */
import { Hono } from "hono";
import { z } from "zod";
import { NOTICE_KINDS, type Notification } from "../../../app/lib/api/schemas";
import type { ApiContext } from "../context";
import { selectCards, toCard } from "../db/profiles";
import { notLoggedIn } from "../lib/errors";
import { readBody } from "../lib/request";
import { currentMemberId } from "../lib/sessions";

const LIMIT = 50;
const isNoticeKind = (kind: string): kind is (typeof NOTICE_KINDS)[number] => NOTICE_KINDS.some((k) => k === kind);

export const notifications = new Hono<ApiContext>()
  .get("/notifications.php", async (c) => {
    const me = await currentMemberId(c);
    if (me === null) throw notLoggedIn();
    const { db } = c.var;
    const [likes, notices] = await Promise.all([
      selectCards(db, me)
        .innerJoin("likes as theirs", (join) => join.onRef("theirs.member_id", "=", "m.id").on("theirs.profile_id", "=", me))
        .select(["theirs.created_at as liked_at", "theirs.is_new"])
        .orderBy("theirs.created_at", "desc")
        .limit(LIMIT)
        .execute(),
      db.selectFrom("notices").selectAll().where("member_id", "=", me).orderBy("created_at", "desc").limit(LIMIT).execute(),
    ]);
    const now = new Date();
    const list: Notification[] = [
      ...likes.map((row): Notification => ({
        type: "like",
        id: `like-${row.id}`,
        created_at: row.liked_at,
        read: row.is_new === 0,
        profile: toCard(row, now),
      })),
      ...notices.flatMap((notice): Notification[] =>
        isNoticeKind(notice.kind)
          ? [{ type: "account", id: `notice-${notice.id}`, created_at: notice.created_at, read: notice.read_at !== null, kind: notice.kind }]
          : [],
      ),
    ]
      .sort((a, b) => b.created_at - a.created_at)
      .slice(0, LIMIT);
    return c.json({ notifications: list, unread: list.filter((n) => !n.read).length });
  })
  .post("/notifications.php", async (c) => {
    const me = await currentMemberId(c);
    if (me === null) throw notLoggedIn();
    await readBody(c, z.object({ read: z.literal("all") }));
    const { db } = c.var;
    await db.updateTable("likes").set({ is_new: 0 }).where("profile_id", "=", me).where("is_new", "=", 1).execute();
    await db.updateTable("notices").set({ read_at: Date.now() }).where("member_id", "=", me).where("read_at", "is", null).execute();
    return c.json({ unread: 0 });
  });
