import { fetchChats } from "~/lib/api/chat.server";
import { fetchLikes } from "~/lib/api/discover.server";
import { badgeCount } from "~/lib/client/app-badge";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { Route } from "./+types/badge";

/**
 * GET /resources/badge (docs/product.md §4, §8): the app badge's count for a member's page
 * between page loads: unread messages (GET /api/chats.php) plus new likes (GET /api/likes.php).
 * A 403 from either (the session is gone) is answered as 403, so the page loads its data again.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [likes, chats] = await Promise.all([fetchLikes(api), fetchChats(api)]);
  const noStore = { "Cache-Control": "no-store" };
  if (!likes.ok || !chats.ok) {
    const statuses = [likes, chats].flatMap((result) => (result.ok ? [] : [result.status]));
    throw new Response(null, { status: statuses.includes(403) ? 403 : statuses[0], headers: noStore });
  }
  const unread = chats.data.chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
  const newLikes = likes.data.liked_by.filter((profile) => profile.like_new).length;
  return jsonAnswer({ count: badgeCount(unread, newLikes) }, { headers: noStore });
}
