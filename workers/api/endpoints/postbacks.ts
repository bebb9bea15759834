/**
 * GET /api/postbacks.php (designed; docs/api.md, docs/decisions/025): the site's postback log,
 * newest first, for its operator. Answers only to `Authorization: Bearer <OPERATOR_TOKEN>` (a
 * secret of 32+ characters) or, on a developer's machine, where the development panel answers
 * (DEV_TOOLS = "1" and a loopback host). Anyone else gets the unknown call's 404.
 */
import { Hono, type Context } from "hono";
import { PostbackLogQuerySchema } from "../../../contract/requests/postbacks";
import { PostbackLogAnswerSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { listPostbacks } from "../db/postbacks";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { devToolsEnabled } from "../lib/dev-tools";
import { readQuery } from "../lib/request";

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Compares hashes, so the time taken says nothing about the token. */
async function sameSecret(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export async function operatorAllowed(c: Context<ApiContext>): Promise<boolean> {
  if (devToolsEnabled(c)) return true;
  const secret = c.env.OPERATOR_TOKEN;
  const given = /^Bearer (\S{1,200})$/.exec(c.req.header("authorization") ?? "")?.[1];
  return !!secret && secret.length >= 32 && !!given && (await sameSecret(given, secret));
}

export const postbackLog = new Hono<ApiContext>().get("/postbacks.php", async (c) => {
  if (!(await operatorAllowed(c))) throw new ApiError(404, "not_found", "No such API call.");
  // After the operator check: to anyone else the call does not exist, whatever they send.
  const query = readQuery(c, PostbackLogQuerySchema, "Some parameters are invalid.");
  const postbacks = await listPostbacks(c.var.db, c.var.site.id, query);
  return answer(c, PostbackLogAnswerSchema, { postbacks });
});
