/**
 * GET /api/push_settings.php and PUT /api/push_settings.php (designed, docs/api.md): the kinds
 * of push the member wants: messages, likes (and matches), news. Messages and likes are on by
 * default; news (marketing) is off until the member turns it on (migration 0025, docs/product.md
 * "Push"); a kind switched off is never sent (domain/push.ts). Push itself is turned on and off with
 * POST/DELETE /api/user.php?push=1.
 */
import { Hono } from "hono";
import { PushSettingsBodySchema } from "../../../contract/requests/user";
import { PushSettingsSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { findPushSettings, savePushSettings } from "../db/push-settings";
import { answer } from "../lib/answer";
import { requireMember } from "../lib/member";
import { readBody } from "../lib/request";

export const pushSettings = new Hono<ApiContext>()
  .get("/push_settings.php", async (c) => {
    const member = requireMember(c);
    return answer(c, PushSettingsSchema, await findPushSettings(c.var.db, member.id));
  })
  .put("/push_settings.php", async (c) => {
    const member = requireMember(c);
    const body = await readBody(c, PushSettingsBodySchema);
    await savePushSettings(c.var.db, member.id, body);
    return answer(c, PushSettingsSchema, await findPushSettings(c.var.db, member.id));
  });
