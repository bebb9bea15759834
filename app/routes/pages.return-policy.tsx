import { InfoPage } from "~/components/InfoPage";
import { contentPageLoader } from "~/lib/content.server";
import type { Route } from "./+types/pages.return-policy";

/**
 * /pages/return-policy (public): withdrawal and refunds as commerce implements them
 * (docs/product.md §10): the 14 days, pro-rata refunds, /withdrawal and /premium/cancel.
 * Content: app/content/pages/<locale>.json ("return-policy").
 */
export const loader = contentPageLoader("return-policy");

export default function ReturnPolicy({ loaderData }: Route.ComponentProps) {
  return <InfoPage content={loaderData} />;
}
