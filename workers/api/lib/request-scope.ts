/** What every handler finds in c.var: the database, the site, the host, and whether the call is local. */
import type { MiddlewareHandler } from "hono";
import type { ApiContext } from "../context";
import { createDb } from "../db/client";
import { PHOTO_PATH } from "./member";
import { findSiteAndSessionMember } from "./sessions";
import { findSite, hostOf, isLoopbackHost } from "./site";
import { inheritedScope } from "./inherited-scope";

export const requestScope: MiddlewareHandler<ApiContext> = async (c, next) => {
  const batch = inheritedScope(c.req.raw);
  if (batch) {
    c.set("db", batch.db);
    c.set("host", batch.host);
    c.set("local", batch.local);
    c.set("site", batch.site);
    return next();
  }
  const db = createDb(c.env.DB);
  c.set("db", db);
  const host = hostOf(c.req.header("x-original-host") ?? c.req.header("host"));
  c.set("host", host);
  // Development conveniences (the mailbox, the fallback signing secret) need both the host the
  // visitor typed and the URL this worker was called at to be loopback: a header alone can be forged.
  c.set("local", isLoopbackHost(host) && isLoopbackHost(hostOf(new URL(c.req.url).host)));
  // Photos need no member (lib/member.ts): only their site. Any other call gets its session's member with the site.
  c.set("site", PHOTO_PATH.test(c.req.path) ? await findSite(db, host) : await findSiteAndSessionMember(c, host));
  await next();
};
