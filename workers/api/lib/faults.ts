/**
 * The fault switch for tests (POST /api/dev/fault.php, development only): lets the e2e suite
 * make one member's next call fail in the middle of a flow (a message send, a sign-up step) and
 * check that the member sees a clear page, keeps what they typed, and that a retry charges once.
 *
 * Faults live in this isolate's memory: locally the API worker runs in one isolate, which is
 * all a test needs. They apply only where the development tools answer (DEV_TOOLS=1 on a
 * loopback host) and only to whoever set them (a member, or a visitor by IP: sign-up's first
 * step has no member yet), so parallel tests do not meet them.
 */
import type { MiddlewareHandler } from "hono";
import type { DevFaultBody } from "../../../contract/requests/dev";
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { clientIp } from "./request";

type Fault = Exclude<Required<DevFaultBody>, { clear: true }>;

const faults = new Map<string, Fault[]>();

/** Whose faults: the member's, else the visitor's IP. */
export function faultOwner(c: Context<ApiContext>): string {
  return c.var.member ? `member:${c.var.member.id}` : `ip:${clientIp(c)}`;
}

export function setFault(owner: string, fault: Fault): void {
  faults.set(owner, [...(faults.get(owner) ?? []), fault]);
}

export function clearFaults(owner: string): void {
  faults.delete(owner);
}

/** The first fault of this owner for this call, counted down (and forgotten at zero). */
function takeFault(owner: string, method: string, path: string): Fault | null {
  const list = faults.get(owner);
  const fault = list?.find((f) => f.method === method && f.path === path);
  if (!list || !fault) return null;
  fault.times -= 1;
  if (fault.times <= 0) list.splice(list.indexOf(fault), 1);
  return fault;
}

/** Calls whose "error_midway" fault is armed: the endpoint's own fault point throws (faultPoint). */
const midway = new WeakSet<object>();

/** Thrown at an armed fault point: the call stops there, as a worker that died would. */
export class FaultError extends Error {}

/**
 * An endpoint's midway point (the payment webhook: after the grant, before the receipt): with
 * an "error_midway" fault armed for this call it throws, and the call answers 500 half done.
 */
export function faultPoint(c: Context<ApiContext>): void {
  if (!midway.has(c)) return;
  midway.delete(c);
  throw new FaultError("A fault set by the fault switch (midway).");
}

const failed = () => Response.json({ error: "fault", message: "A fault set by the fault switch." }, { status: 500 });

export const faultSwitch: MiddlewareHandler<ApiContext> = async (c, next) => {
  if (faults.size === 0 || c.env.DEV_TOOLS !== "1" || !c.var.local) return next();
  const fault = takeFault(faultOwner(c), c.req.method, c.req.path);
  if (!fault) return next();
  if (fault.mode === "error") return failed();
  if (fault.mode === "error_midway") midway.add(c);
  await next();
  // A call without a midway point fails after it, like error_after.
  if (fault.mode === "error_after" || (fault.mode === "error_midway" && midway.has(c))) c.res = failed();
  else if (fault.mode === "slow") await new Promise((resolve) => setTimeout(resolve, fault.delay_ms));
};
