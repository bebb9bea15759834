import { createContext } from "react-router";
import type { User } from "../../contract/schemas";

/** What the worker entry gives every request: bindings, the CSP nonce and a request id for logs. */
export interface RequestContext {
  env: Env;
  ctx: ExecutionContext;
  nonce: string;
  requestId: string;
}
export const requestContext = createContext<RequestContext>();

/** The logged-in member, or null; set once per request by the root middleware. */
export const userContext = createContext<User | null>(null);
