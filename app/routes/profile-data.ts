import { exportData } from "~/lib/api/account.server";
import { requireUser } from "~/lib/auth.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/profile-data";

/**
 * GET /profile/data (login): the member's data export (GET /api/user_export.php) as a JSON
 * download, the GDPR right of access. A plain link, so it works without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser({ request, context }, "/profile?part=account#data");
  const result = await exportData(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  const day = result.data.exported_at.slice(0, 10);
  return new Response(JSON.stringify(result.data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
