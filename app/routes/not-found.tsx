import { data } from "react-router";

/** Any path no other route matches: the 404 error page (spec §2: 'Page not found: {path}'). */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

// A component makes this a page route, so the thrown 404 renders the error page (a route
// without one would be a resource route and answer bare JSON). The loader always throws.
export default function NotFound() {
  return null;
}
