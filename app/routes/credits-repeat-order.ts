import { redirect } from "react-router";
import { fetchLatestOrder } from "~/lib/api/commerce.server";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/credits-repeat-order";

/**
 * /credits/repeat-order (login; docs/product.md §11): the member's last paid package with the
 * last method, straight to its order summary; with no earlier order, the packages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await fetchLatestOrder(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  const last = result.data.order;
  if (!last) throw redirect("/credits");
  throw redirect(`/credits/${last.product_id}/${last.method}?country=${last.country}`);
}
