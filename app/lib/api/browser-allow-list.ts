/**
 * Which /api/* requests the app worker forwards from the browser to the API (ADR 015). The app
 * talks to the API itself, on the server, for everything else; JSON a page needs while it is
 * open comes from the app's own resource routes (app/routes/resources/). What is here must be
 * the API's own answer because it is not JSON for a page: a file, a redirect, a socket, a link
 * in a mail, or a beacon sent as the page goes away. Anything not listed answers 404.
 *
 * Pure (no bindings, no React Router), so the decision is unit-tested without an API.
 */

type Method = "GET" | "POST";

interface BrowserApiCall {
  /** GET also allows HEAD, as the API does. */
  method: Method;
  /** Matched against the whole path. */
  path: RegExp;
  /** Query parameters the request must carry (the activation link is the mail's, not the polling). */
  requiredQuery?: readonly string[];
  /** Why the browser must reach the API itself. */
  why: string;
}

export const BROWSER_API_CALLS: readonly BrowserApiCall[] = [
  {
    method: "GET",
    path: /^\/api\/images\/[a-z0-9-]+\.(?:jpg|png|webp)$/,
    why: "Photos: the API's answers name them /api/images/{file} (cdn_prefix); <img> loads them.",
  },
  {
    method: "GET",
    path: /^\/api\/xcams\/snapshot\.php$/,
    why: "Cam tiles' pictures: the cam answers point <img> at the demo provider's snapshots.",
  },
  {
    method: "GET",
    path: /^\/api\/xcams\/redirect\.php$/,
    why: "A cam tile's link (docs/product.md §7): the API redirects to the partner's page.",
  },
  {
    method: "GET",
    path: /^\/api\/resellpartner\.php$/,
    why: "An ad tile's link (docs/product.md §7): the API redirects to the resell partner.",
  },
  {
    method: "GET",
    path: /^\/api\/live\.php$/,
    why: "The live chat WebSocket (ADR 011): a socket cannot go through a route's loader.",
  },
  {
    method: "GET",
    path: /^\/api\/staff\/host_live\.php$/,
    why: "The hosts' queue socket (ADR 045): the open queue hears that it changed; a socket cannot go through a loader.",
  },
  {
    method: "POST",
    path: /^\/api\/page-hidden\.php$/,
    why: "The page-hidden beacon (docs/product.md §7): sendBeacon as the page goes away.",
  },
  {
    method: "GET",
    path: /^\/api\/activate\.php$/,
    requiredQuery: ["token"],
    why: "The activation mail's link: the API confirms the address and redirects to /activate/*.",
  },
  {
    method: "POST",
    path: /^\/api\/payment_webhook\.php$/,
    why: "The payment provider's webhook (ADR 018): Mollie posts the payment id to the site's own address.",
  },
  {
    method: "GET",
    path: /^\/api\/demo_checkout\.php$/,
    requiredQuery: ["id"],
    why: "The demo provider's hosted checkout (local only): the order sends the browser there, as to Mollie's.",
  },
  {
    method: "GET",
    path: /^\/api\/postbacks\.php$/,
    why: "The operator's postback log (ADR 025), read by their own tools with the OPERATOR_TOKEN bearer token; 404 to anyone else.",
  },
  {
    method: "POST",
    path: /^\/api\/demo_checkout\.php$/,
    why: "The demo checkout's choice (local only): it calls the webhook and sends the browser back.",
  },
  {
    method: "POST",
    path: /^\/api\/dev\/credits\.php$/,
    why: "Development only: the end-to-end tests give a member credits; the API answers it only on a loopback host with DEV_TOOLS=1.",
  },
  {
    method: "POST",
    path: /^\/api\/dev\/decision\.php$/,
    why: "Development only: the end-to-end tests decide against a member as the staff console would (ADR 030); loopback hosts with DEV_TOOLS=1.",
  },
  {
    method: "POST",
    path: /^\/api\/dev\/pause\.php$/,
    why: "Development only: the end-to-end tests pause a member's new conversations as two trusted reports would (ADR 058); loopback hosts with DEV_TOOLS=1.",
  },
  {
    method: "POST",
    path: /^\/api\/dev\/fault\.php$/,
    why: "Development only: the end-to-end tests make a member's next call fail (lib/faults.ts of the API); loopback hosts with DEV_TOOLS=1.",
  },
];

/** Whether the browser may reach this /api/* request on the API itself. */
export function isBrowserApiCall(method: string, url: URL): boolean {
  const asked = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return BROWSER_API_CALLS.some(
    (call) =>
      call.method === asked &&
      call.path.test(url.pathname) &&
      (call.requiredQuery ?? []).every((name) => url.searchParams.has(name)),
  );
}

/** The answer for anything else, shaped like the API's own "no such call". */
export function browserApiNotFound(): Response {
  return Response.json({ error: "not_found", message: "No such API call." }, { status: 404 });
}
