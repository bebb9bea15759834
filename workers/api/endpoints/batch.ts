/**
 * GET /api/batch.php?call=…&call=… (docs/api.md, docs/decisions/066-batched-reads.md): the GET
 * calls a page load starts together, answered in one request. Each call runs through this
 * worker as if it had come alone (its middleware, its handler, its errors), except that
 * it takes over the batch's site, session member and database handle (lib/inherited-scope.ts):
 * one session lookup for all of them, and their reads reach D1 together.
 */
import { Hono } from "hono";
import { BatchQuerySchema } from "../../../contract/requests/batch";
import { type BatchAnswer, BatchAnswerSchema } from "../../../contract/schemas";
import type { ApiContext, Dispatch } from "../context";
import { answer } from "../lib/answer";
import { inheritScope } from "../lib/inherited-scope";
import { parseInput } from "../lib/validate";

const INVALID = `Give 1 to 8 "call" parameters, each a GET of the API (/api/….php with its query) that answers JSON: not batch.php, logout.php, a socket, a redirect or a photo.`;

export const batch = (dispatch: Dispatch) =>
  new Hono<ApiContext>().get("/batch.php", async (c) => {
    const { call: calls } = parseInput(BatchQuerySchema, { call: c.req.queries("call") ?? [] }, INVALID);
    const answers = await Promise.all(
      calls.map(async (call) => {
        const request = new Request(new URL(call, c.req.url), { headers: c.req.raw.headers });
        inheritScope(request, { db: c.var.db, host: c.var.host, local: c.var.local, site: c.var.site, member: c.var.member });
        try {
          const response = await dispatch(request, c);
          for (const cookie of response.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
          const text = await response.text();
          const json = response.headers.get("content-type")?.includes("application/json") && text !== "";
          return { status: response.status, body: json ? (JSON.parse(text) as unknown) : null };
        } catch (error) {
          // The call's own handler errors are its answer already (index.ts onError); this is a
          // body that could not be read: that call fails, not its batch-mates.
          const requestId = c.req.header("x-request-id") ?? crypto.randomUUID();
          console.error(`[${requestId}] GET ${call} in a batch`, error);
          return { status: 500, body: { error: "internal", message: `Something went wrong (request ${requestId}).` } };
        }
      }),
    );
    const body: BatchAnswer = { answers };
    return answer(c, BatchAnswerSchema, body);
  });
