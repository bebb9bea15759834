import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/verification-selfie";

/**
 * GET /staff/verifications/:requestId/selfie (moderators and admins of the member's site; ADR
 * 059): the pending selfie, passed on from the API (selfies are never on a public path), never
 * cached. Decided, it is gone (404).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  await requireStaffPage(context);
  if (!/^\d{1,15}$/.test(params.requestId)) pageError(404);
  const response = await context.get(apiContext).download("/api/staff/verification-selfie.php", { id: params.requestId });
  if (!response.ok) pageError(response.status);
  return new Response(response.body, {
    headers: { ...STAFF_HEADERS, "Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff" },
  });
}
