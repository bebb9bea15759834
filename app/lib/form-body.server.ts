/**
 * Form posts only (issue 25, point 18; docs/decisions/041-probe-findings-outbound-and-input.md):
 * every page's action reads `request.formData()`, which throws on a body that is no form (JSON,
 * text, or no Content-Type at all), and that surfaced as a 500. One guard in the root middleware
 * answers such a post 415 with the error page's translated "this form could not be read",
 * before any action runs. The browser's own JSON calls (resources/push-subscription) are exempt.
 */

/** The routes whose action reads JSON: the browser's own fetches (ADR 015). */
const JSON_ACTIONS = [/^\/resources\/push-subscription(?:\.data)?\/?$/];

/** Whether a request to a route's action carries a body no form sends (or one without its boundary). */
export function isUnreadableFormPost(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const path = new URL(request.url).pathname;
  if (JSON_ACTIONS.some((route) => route.test(path))) return false;
  const header = request.headers.get("content-type") ?? "";
  const type = header.split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return false;
  if (type === "multipart/form-data") return !/;\s*boundary=/i.test(header);
  return true;
}
