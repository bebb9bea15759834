import { data } from "react-router";

/** Any path no other route matches: the 404 error page (spec §2: 'Page not found: {path}'). */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}
