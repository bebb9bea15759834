/** The kinds of push a member wants (migration 0025, docs/product.md "Push"). */
import type { PushSettings } from "../../../contract/schemas";
import type { Db } from "./client";

export async function findPushSettings(db: Db, memberId: number): Promise<PushSettings> {
  const row = await db
    .selectFrom("members")
    .select(["push_messages", "push_likes", "push_news"])
    .where("id", "=", memberId)
    .executeTakeFirstOrThrow();
  return { messages: row.push_messages === 1, likes: row.push_likes === 1, news: row.push_news === 1 };
}

export async function savePushSettings(db: Db, memberId: number, settings: PushSettings): Promise<void> {
  await db
    .updateTable("members")
    .set({ push_messages: settings.messages ? 1 : 0, push_likes: settings.likes ? 1 : 0, push_news: settings.news ? 1 : 0 })
    .where("id", "=", memberId)
    .execute();
}
