/**
 * The app worker: the few /api/* requests a browser must send to the API itself (photos, the
 * live socket, the beacon, partner redirects, the activation link: app/lib/api/browser-allow-list.ts)
 * go straight to it, any other /api/* path is a 404; everything else is React Router. Security headers and the refusal of
 * cross-site posts happen here, once, for every response.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { browserApiNotFound, isBrowserApiCall } from "../app/lib/api/browser-allow-list";
import { forwardToApi } from "../app/lib/api/passthrough.server";
import { requestContext } from "../app/lib/context";
import { httpsRedirect, isCrossSitePost, isHttps, isMisreadPath, withSecurityHeaders } from "../app/lib/security.server";
import { discardUnreadBody } from "../app/lib/request-body.server";

/**
 * React Router derives its route tree and static handler from the build once per handler; given
 * a function that imports the build it does so on every request (docs/decisions/033-member-page-cost.md).
 * The build is imported once per isolate and handed over as an object.
 */
let handler: ReturnType<typeof createRequestHandler> | undefined;
async function handleWithReactRouter(request: Request, context: RouterContextProvider): Promise<Response> {
  handler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return handler(request, context);
}

export default {
  async fetch(request, env, ctx) {
    const response = await answer(request, env, ctx);
    await discardUnreadBody(request);
    return response;
  },
} satisfies ExportedHandler<Env>;

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const toHttps = httpsRedirect(request, env.FORCE_HTTPS === "1");
  if (toHttps) return toHttps;
  if (isCrossSitePost(request)) {
    return new Response("Cross-site form posts are refused.", { status: 403 });
  }
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const url = new URL(request.url);
  const https = isHttps(request);
  const personal = /(?:^|;\s*)sid=/.test(request.headers.get("cookie") ?? "");
  if (isMisreadPath(request)) {
    // "//evil.example/" read as a host by the local server: a path of no page (docs/decisions/041).
    const notFound = new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return withSecurityHeaders(notFound, nonce, url, personal, https);
  }
  if (url.pathname.startsWith("/api/")) {
    if (!isBrowserApiCall(request.method, url)) return withSecurityHeaders(browserApiNotFound(), nonce, url, personal, https);
    const response = await forwardToApi(request, env);
    // A WebSocket's 101 answer cannot be rebuilt; it carries no page to protect.
    return response.webSocket ? response : withSecurityHeaders(response, nonce, url, personal, https);
  }
  const context = new RouterContextProvider();
  context.set(requestContext, { env, ctx, nonce, requestId: crypto.randomUUID() });
  return withSecurityHeaders(await handleWithReactRouter(request, context), nonce, url, personal, https);
}
