import { notFound } from "~/lib/page-errors.server";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the 404 error page (docs/product.md §2: 'Page not found: {path}'). */
export function loader({ request, context }: Route.LoaderArgs) {
  return notFound({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return notFound({ request, context });
}

// A component makes this a page route, so the thrown 404 renders the error page (a route
// without one would be a resource route and answer bare JSON). The loader always throws.
export default function NotFound() {
  return null;
}
