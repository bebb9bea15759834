import { createContext } from "react-router";
import type { User } from "../../contract/schemas";
import type { ApiClient } from "./api/client.server";
import type { ConsentChoice, Tracking } from "./tracking";

/** What the worker entry gives every request: bindings, the CSP nonce and a request id for logs. */
export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  nonce: string;
  requestId: string;
}
export const requestContext = createContext<RequestContext>();

/** The API client of this request (lib/api/client.server.ts), made by the root middleware. */
export const apiContext = createContext<ApiClient>();

/** Set-Cookie headers to add to whatever response this request ends in (lib/middleware.server.ts). */
export const outgoingCookies = createContext<string[]>([]);

/**
 * The logged-in member (null for a visitor), as the promise of the API's answer: the root
 * middleware asks once per request and does not wait, so a page's own calls start beside it
 * (lib/auth.server.ts reads it). When the API fails, the promise rejects where it is read.
 */
export const userContext = createContext<Promise<User | null>>(Promise.resolve(null));

/**
 * The affiliate partner who sent this visitor (lib/tracking.ts), set once per request by the root
 * middleware: the stored values when the visitor consented, else only what this request's
 * address carries. `ask`: the address carries some and the visitor has not chosen yet.
 */
export const trackingContext = createContext<{ tracking: Tracking; consent: ConsentChoice | null; ask: boolean }>({
  tracking: {},
  consent: null,
  ask: false,
});
