import { sendTyping } from "~/lib/api/chat.server";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { Route } from "./+types/typing";

/**
 * POST /resources/typing { conversation } (docs/product.md "Chat hosts", the typing indicator):
 * the chat's composer says the member types, at most every few seconds; the other member's open
 * pages show "… is typing". Nothing is stored. The API's refusals keep their status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body: unknown = await request.json().catch(() => null);
  const conversation = typeof body === "object" && body !== null && "conversation" in body ? Number(body.conversation) : NaN;
  if (!Number.isSafeInteger(conversation) || conversation <= 0) {
    return jsonAnswer({ error: "invalid_input", message: "Send { conversation }." }, { status: 422 });
  }
  const result = await sendTyping(context.get(apiContext), conversation);
  if (!result.ok) return jsonAnswer(result.error, { status: result.status });
  return jsonAnswer(result.data, { headers: { "Cache-Control": "no-store" } });
}
