/**
 * The postback console's address (app/routes/staff/postbacks.tsx, docs/decisions/050): which of
 * its parameters are kept, and the links to other pages of the log. A parameter that is not one
 * the API takes is dropped (a hand-edited address shows the page unfiltered, not an error).
 */
import { POSTBACK_CONSOLE_DAYS } from "../../contract/rules/postback-console";
import { POSTBACK_EVENTS } from "../../contract/rules/postback-macros";
import { POSTBACK_STATUSES } from "../../contract/rules/postback-statuses";

const POSITIVE = /^[1-9]\d{0,15}$/;
const NETWORK = /^[A-Za-z0-9_.-]{1,64}$/;

const RULES: Record<string, (value: string) => boolean> = {
  site: (v) => POSITIVE.test(v),
  network: (v) => NETWORK.test(v),
  status: (v) => (POSTBACK_STATUSES as readonly string[]).includes(v),
  event: (v) => (POSTBACK_EVENTS as readonly string[]).includes(v),
  before: (v) => POSITIVE.test(v),
  days: (v) => (POSTBACK_CONSOLE_DAYS as readonly number[]).map(String).includes(v),
};

/** The address's parameters the console takes, valid ones only. */
export function consoleQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, valid] of Object.entries(RULES)) {
    const value = params.get(name);
    if (value && valid(value)) query[name] = value;
  }
  return query;
}

/** The console's address with these parameters (empty and undefined ones left out). */
export function consoleHref(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `/staff/postbacks?${text}` : "/staff/postbacks";
}
