import { z } from "zod";
import { savePushSubscription } from "~/lib/api/signup.server";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { Route } from "./+types/push-subscription";

/** The subscription as the browser's PushSubscription.toJSON() gives it; the API checks the details. */
const PushBody = z.object({
  subscription: z.object({
    endpoint: z.string(),
    expirationTime: z.number().nullable().optional(),
    keys: z.record(z.string(), z.string()),
  }),
});

/**
 * POST /resources/push-subscription { subscription } (docs/product.md §4, §7): a subscription
 * this browser already held is stored on the logged-in account (POST /api/user.php?push=1).
 * The API's refusals (403 for visitors, 422 for a malformed subscription) keep their status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = PushBody.safeParse(await request.json().catch(() => null));
  if (!body.success) {
    return jsonAnswer({ error: "invalid_input", message: "Send { subscription } as the browser gives it." }, { status: 422 });
  }
  const result = await savePushSubscription(context.get(apiContext), body.data.subscription);
  if (!result.ok) return jsonAnswer(result.error, { status: result.status });
  return jsonAnswer({ push: result.data.push });
}
