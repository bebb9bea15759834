/**
 * GET /api/push_settings.php and PUT /api/push_settings.php (designed, docs/api.md): the kinds
 * of push the member wants: messages, likes (and matches), news. Messages and likes are on by
 * default; news (marketing) is off until the member turns it on (migration 0025, docs/product.md
 * "Push"); a kind switched off is never sent (domain/push.ts). Push itself is turned on and off with
 * POST/DELETE /api/user.php?push=1.
 */
import { Hono } from "hono";
import { PushSettingsBodySchema } from "../../../contract/requests/user";
import type { PushSettings } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import type { Db } from "../db/client";
import { requireMember } from "../lib/member";
import { readBody } from "../lib/request";

async function readSettings(db: Db, memberId: number): Promise<PushSettings> {
  const row = await db
    .selectFrom("members")
    .select(["push_messages", "push_likes", "push_news"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  return { messages: row.push_messages === 1, likes: row.push_likes === 1, news: row.push_news === 1 };
}

export const pushSettings = new Hono<ApiContext>()
  .get("/push_settings.php", async (c) => {
    const member = requireMember(c);
    return c.json(await readSettings(c.var.db, member.id));
  })
  .put("/push_settings.php", async (c) => {
    const member = requireMember(c);
    const body = await readBody(c, PushSettingsBodySchema);
    await c.var.db
      .updateTable("members")
      .set({ push_messages: body.messages ? 1 : 0, push_likes: body.likes ? 1 : 0, push_news: body.news ? 1 : 0 })
      .where("id", "=", member.id)
      .execute();
    return c.json(await readSettings(c.var.db, member.id));
  });
