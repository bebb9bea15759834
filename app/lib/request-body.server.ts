/**
 * Reads and discards what is left of a request body the app answered without reading (a refused
 * cross-site post, an /api/* path the browser may not call, a route without an action).
 *
 * Why: a server that answers while the client is still uploading makes some HTTP clients and
 * proxies fail the whole exchange. Locally, `vite preview` (Miniflare's undici) then answered a
 * 2 MB post with a 500 page carrying a stack trace instead of our 403 or 404. Reading the rest
 * costs little; past `limit` bytes we stop and let the connection close.
 */
export async function discardUnreadBody(request: Request, limit = 16 * 1024 * 1024): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= limit) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to protect.
  }
}

/**
 * The body of a request the app forwards to the API (browser-allow-list.ts), read whole, or null
 * past `limit` bytes. Buffered rather than streamed through: when the API refused an oversized
 * stream halfway, the browser's upload failed with a 500 instead of the API's 413.
 */
export async function readBodyUpTo(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) return null;
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(read);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
}
