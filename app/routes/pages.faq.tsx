import { InfoPage } from "~/components/InfoPage";
import { contentPageLoader } from "~/lib/content.server";
import type { Route } from "./+types/pages.faq";

/**
 * /pages/faq (public): questions and answers about credits, message costs, fictional profiles,
 * premium, deleting an account and safety. Content: app/content/pages/<locale>.json ("faq");
 * each answer opens with <details>, without JavaScript.
 */
export const loader = contentPageLoader("faq");

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <InfoPage content={loaderData} className="legal info-page faq" />;
}
