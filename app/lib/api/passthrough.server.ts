import { MAX_BODY_BYTES } from "../../../contract/limits";
import { readBodyUpTo } from "../request-body.server";
import { apiFetch, apiHeaders, type ApiBindings } from "./headers.server";

/** The allow-listed browser requests to /api/* (browser-allow-list.ts) go to the API as they are. */
export async function forwardToApi(request: Request, env: ApiBindings): Promise<Response> {
  const headers = apiHeaders(request, env, crypto.randomUUID());
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("content-type", contentType);
  // The operator's postback log is read with a bearer token (ADR 025); no other call takes one.
  const authorization = request.headers.get("authorization");
  if (authorization && new URL(request.url).pathname === "/api/postbacks.php") headers.set("authorization", authorization);
  if (request.headers.get("upgrade")?.toLowerCase() === "websocket") {
    // The live chat socket (/api/live.php): the handshake headers go along, no timeout (the
    // connection stays open), and the 101 answer with its socket comes back untouched.
    for (const name of [
      "upgrade",
      "connection",
      "origin",
      "sec-websocket-key",
      "sec-websocket-version",
      "sec-websocket-protocol",
      "sec-websocket-extensions",
    ]) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    try {
      return await apiFetch(env, new Request(request, { headers }));
    } catch (error) {
      console.error("API passthrough failed (WebSocket)", new URL(request.url).pathname, error);
      return Response.json({ error: "api_unavailable", message: "The API did not answer." }, { status: 503 });
    }
  }
  // The body goes along as it came; only the headers are ours. It is read first (these calls
  // carry small bodies) so an oversized one gets the API's 413 here, whole.
  const body = request.method === "GET" || request.method === "HEAD" ? null : await readBodyUpTo(request, MAX_BODY_BYTES);
  if (body === null && request.body) {
    return Response.json({ error: "payload_too_large", message: "The request body is over 1 MB." }, { status: 413 });
  }
  try {
    const forwarded = new Request(request.url, {
      method: request.method,
      body,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(Number(env.API_TIMEOUT_MS)),
    });
    const response = await apiFetch(env, forwarded);
    return new Response(response.body, response);
  } catch (error) {
    console.error("API passthrough failed", request.method, new URL(request.url).pathname, error);
    return Response.json({ error: "api_unavailable", message: "The API did not answer." }, { status: 503 });
  }
}
