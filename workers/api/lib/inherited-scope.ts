/**
 * The calls of a batch (endpoints/batch.ts) come from the same visitor as the batch request
 * itself: same cookies, same host. So they take over what the batch's own middleware found
 * (the database handle, the site, the session's member) instead of looking it up again, and
 * their reads share its database handle, which sends the reads they start together to D1 as one
 * batch (db/client.ts). Keyed by the call's Request object, which only the batch made.
 */
import type { ApiContext } from "../context";

export type InheritedScope = ApiContext["Variables"];

const inherited = new WeakMap<Request, InheritedScope>();

export function inheritScope(request: Request, scope: InheritedScope): void {
  inherited.set(request, scope);
}

/** The batch's scope when this request is one of its calls, else undefined. */
export function inheritedScope(request: Request): InheritedScope | undefined {
  return inherited.get(request);
}
