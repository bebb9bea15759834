/**
 * The postback console's address (app/routes/staff/postbacks.tsx, docs/decisions/050): which of
 * its parameters are kept, and the links to other pages of the log. A parameter that is not one
 * the API takes is dropped (a hand-edited address shows the page unfiltered, not an error). The
 * network is `net` in the page's address: `network` is an affiliate tracking parameter
 * (lib/tracking.ts), which would ask the admin for partner consent.
 */
import { POSTBACK_CONSOLE_DAYS } from "../../contract/rules/postback-console";
import { POSTBACK_EVENTS } from "../../contract/rules/postback-macros";
import { POSTBACK_STATUSES } from "../../contract/rules/postback-statuses";

const POSITIVE = /^[1-9]\d{0,15}$/;
const NETWORK = /^[A-Za-z0-9_.-]{1,64}$/;

/** The page's parameters by the API's names (`net` is the API's `network`). */
const RULES: Record<string, [string, (value: string) => boolean]> = {
  site: ["site", (v) => POSITIVE.test(v)],
  net: ["network", (v) => NETWORK.test(v)],
  status: ["status", (v) => (POSTBACK_STATUSES as readonly string[]).includes(v)],
  event: ["event", (v) => (POSTBACK_EVENTS as readonly string[]).includes(v)],
  before: ["before", (v) => POSITIVE.test(v)],
  days: ["days", (v) => (POSTBACK_CONSOLE_DAYS as readonly number[]).map(String).includes(v)],
};

/** The address's parameters the console takes, valid ones only, by the API's names. */
export function consoleQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, [apiName, valid]] of Object.entries(RULES)) {
    const value = params.get(name);
    if (value && valid(value)) query[apiName] = value;
  }
  return query;
}

/** The console's address with these parameters (the network as `net`; empty and undefined ones left out). */
export function consoleHref(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `/staff/postbacks?${text}` : "/staff/postbacks";
}
