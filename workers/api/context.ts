import type { Db } from "./db/client";
import type { Site } from "./lib/site";

/** Hono's typing for every handler: the worker's bindings plus what the middleware sets. */
export interface ApiContext {
  Bindings: ApiEnv;
  Variables: {
    db: Db;
    site: Site;
  };
}
