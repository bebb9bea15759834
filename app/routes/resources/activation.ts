import { activationState } from "~/lib/api/activation.server";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { Route } from "./+types/activation";

/**
 * GET /resources/activation (docs/product.md §4, §9): sign-up step 6 asks every 900 ms whether
 * the activation mail is delivered. A refusal (no session) keeps its status; the page then
 * counts it as not delivered.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await activationState(context.get(apiContext));
  if (!result.ok) throw new Response(null, { status: result.status, headers: { "Cache-Control": "no-store" } });
  return jsonAnswer({ delivered: result.data.delivered }, { headers: { "Cache-Control": "no-store" } });
}
