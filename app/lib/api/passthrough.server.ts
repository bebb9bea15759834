import { apiFetch, apiHeaders } from "./headers.server";

/** Browser calls to /api/* (images, the page-hidden beacon, the push worker) go to the API as they are. */
export async function forwardToApi(request: Request, env: Env): Promise<Response> {
  const headers = apiHeaders(request, env, crypto.randomUUID());
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("content-type", contentType);
  try {
    const response = await apiFetch(env, new URL(request.url), {
      method: request.method,
      headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(Number(env.API_TIMEOUT_MS)),
    });
    return new Response(response.body, response);
  } catch (error) {
    console.error("API passthrough failed", request.method, new URL(request.url).pathname, error);
    return Response.json({ error: "api_unavailable", message: "The API did not answer." }, { status: 503 });
  }
}
