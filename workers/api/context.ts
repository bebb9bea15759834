import type { Context } from "hono";
import type { Db } from "./db/client";
import type { Member } from "./lib/member";
import type { Site } from "./lib/site";

/** Hono's typing for every handler: the worker's bindings plus what the middleware sets. */
export interface ApiContext {
  Bindings: ApiEnv & ApiSecrets;
  Variables: {
    db: Db;
    site: Site;
    /** The host the visitor typed, without port (x-original-host). */
    host: string;
    /** The request came from this machine (see index.ts): development tools may answer. */
    local: boolean;
    /** The session's member (lib/member.ts), whatever the standing; null for visitors. */
    member: Member | null;
  };
}

/** Runs a request through this API worker in-process (the demo webhook, a batch's calls): given by index.ts. */
export type Dispatch = (request: Request, c: Context<ApiContext>) => Promise<Response>;

/** Secrets are set with `wrangler secret put`, so `wrangler types` cannot see them. */
export interface ApiSecrets {
  SIGNING_SECRET?: string;
  RESEND_API_KEY?: string;
  /** PAYMENT_ADAPTER=mollie: the Mollie API key (test_… or live_…). */
  MOLLIE_API_KEY?: string;
  /** Another Mollie API base URL (the tests' local fake of Mollie); unset in production. */
  MOLLIE_API_URL?: string;
  /** JSON object: site host → that site's VAPID private key d, base64url (lib/vapid.ts). */
  VAPID_PRIVATE_KEYS?: string;
  /** 32+ characters: `Authorization: Bearer …` reads the postback log (endpoints/postbacks.ts). */
  OPERATOR_TOKEN?: string;
}
