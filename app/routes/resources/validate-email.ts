import { checkEmail } from "~/lib/api/signup.server";
import { apiContext } from "~/lib/context";
import { jsonAnswer } from "~/lib/resource-answer";
import type { EmailCheck } from "../../../contract/schemas";
import type { Route } from "./+types/validate-email";

/** What the form needs of the check: the status, and the address as the API corrected it. */
type EmailCheckAnswer = { status: EmailCheck["status"]; email: string } | { status: "unchecked" };

/**
 * GET /resources/validate-email?email= (docs/product.md §5, §7): the check of an address as it is
 * typed (sign-up step 0, the email change on /profile). Too many checks from one network (429)
 * is "unchecked": the server checks again on submit. Other refusals keep their status, and the
 * form counts them as invalid (§8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const email = new URL(request.url).searchParams.get("email") ?? "";
  const result = await checkEmail(context.get(apiContext), email);
  if (!result.ok && result.status === 429) return jsonAnswer<EmailCheckAnswer>({ status: "unchecked" });
  if (!result.ok) throw new Response(null, { status: result.status });
  return jsonAnswer<EmailCheckAnswer>({ status: result.data.status, email: result.data.email });
}
