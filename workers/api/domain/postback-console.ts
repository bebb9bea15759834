/**
 * Postbacks in the staff console (issue 28 point 5, docs/decisions/050): what an admin sees of a
 * site's networks, and the test send.
 *
 * A test fills the network's template with clearly fake values (sampleValues), checks the URL
 * as a real send is checked (outboundUrlProblem with the same allowPrivate rule) and sends one
 * GET as a real postback goes (requestPostback: timeout, no redirects followed, our User-Agent).
 * It is not a conversion: nothing is written to `postbacks`; the audit log keeps it.
 */
import type { PostbackConsoleAnswer, PostbackNetwork, PostbackTestAnswer } from "../../../contract/postback-console";
import { POSTBACK_LOG_PAGE, TEST_BODY_MAX, TEST_RESPONSE_HEADERS } from "../../../contract/rules/postback-console";
import { POSTBACK_MACROS, type PostbackEvent, type PostbackMacro } from "../../../contract/rules/postback-macros";
import { POSTBACK_STATUSES } from "../../../contract/rules/postback-statuses";
import { fillTemplate, outboundUrlProblem } from "../../../contract/rules/outbound-urls";
import type { ApiContext } from "../context";
import type { Db } from "../db/client";
import { countByStatus, listNetworkPostbacks } from "../db/postback-log";
import { audit } from "../db/staff";
import type { Site } from "../lib/site";
import { allowPrivate, judgeStatus, POSTBACK_REQUEST_HEADERS, requestPostback, retryDelaySeconds, timeoutMs } from "./postbacks";

type Env = ApiContext["Bindings"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The site's networks: those its settings name (in their order), then those only its log names. */
export function networksOf(site: Site, logged: readonly string[]): PostbackNetwork[] {
  const configured = Object.entries(site.settings.postbacks?.networks ?? {}).map(([name, templates]) => ({
    name,
    templates: { soi: templates.soi ?? null, doi: templates.doi ?? null, sale: templates.sale ?? null },
    configured: true,
  }));
  const names = new Set(configured.map((n) => n.name));
  const removed = [...logged]
    .filter((name) => !names.has(name))
    .sort()
    .map((name) => ({ name, templates: { soi: null, doi: null, sale: null }, configured: false }));
  return [...configured, ...removed];
}

export interface ConsoleQuery {
  network?: string;
  status?: (typeof POSTBACK_STATUSES)[number];
  event?: PostbackEvent;
  before?: number;
  days: number;
}

/** The page's data for one network of a site; `network` must be one of `networks` (the endpoint checks). */
export async function describeNetwork(
  db: Db,
  env: Pick<Env, "POSTBACK_RETRY_SECONDS">,
  site: Site,
  siteName: string,
  networks: PostbackNetwork[],
  query: ConsoleQuery,
  now: number,
): Promise<Omit<PostbackConsoleAnswer, "sites">> {
  const network = query.network ?? networks[0]?.name ?? null;
  const empty = Object.fromEntries(POSTBACK_STATUSES.map((s) => [s, 0])) as PostbackConsoleAnswer["counts"];
  const base = {
    site: { id: site.id, name: siteName, allow_private_hosts: site.settings.postbacks?.allow_private_hosts === true },
    macros: [...POSTBACK_MACROS],
    networks,
    network,
    days: query.days,
    page_size: POSTBACK_LOG_PAGE,
  };
  if (network === null) return { ...base, counts: empty, log: [], next_before: null };
  const [counts, rows] = await Promise.all([
    countByStatus(db, site.id, network, now - query.days * DAY_MS),
    listNetworkPostbacks(db, site.id, network, { ...query, limit: POSTBACK_LOG_PAGE + 1 }),
  ]);
  const page = rows.slice(0, POSTBACK_LOG_PAGE);
  return {
    ...base,
    counts: { ...empty, ...Object.fromEntries(counts) },
    log: page.map((row) => ({
      ...row,
      next_attempt_at: row.status === "retrying" ? row.updated_at + retryDelaySeconds(env, row.attempts) * 1000 : null,
    })),
    next_before: rows.length > POSTBACK_LOG_PAGE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Clearly fake values for every macro (a sale's amount and currency only for a sale, as real sends do). */
export function sampleValues(event: PostbackEvent, network: string, random: string): Record<PostbackMacro, string> {
  const sale = event === "sale";
  return {
    clickid: `test-${random}`,
    sub1: "test-sub1",
    sub2: "test-sub2",
    sub3: "test-sub3",
    sub4: "test-sub4",
    sub5: "test-sub5",
    event,
    amount: sale ? "9.99" : "",
    currency: sale ? "EUR" : "",
    network,
  };
}

/** The first `max` bytes of a body as text, and whether there was more; reading stops there. */
export async function bodyStart(response: Response, max = TEST_BODY_MAX): Promise<{ body: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { body: "", truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      if (size > max) {
        truncated = true;
        break;
      }
    }
  } catch {
    truncated = true; // the body stopped (the timeout): what came is shown
  }
  await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(size, max));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at >= bytes.length) break;
  }
  return { body: new TextDecoder().decode(bytes), truncated };
}

function randomTag(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sends one test postback for the network's template of `event` (the endpoint checked scope and template). */
export async function sendTestPostback(
  db: Db,
  env: Pick<Env, "POSTBACK_ALLOW_PRIVATE" | "POSTBACK_TIMEOUT_MS">,
  staffId: number,
  site: Site,
  network: string,
  event: PostbackEvent,
  template: string,
  fetcher: typeof fetch = fetch,
): Promise<PostbackTestAnswer> {
  const sample = sampleValues(event, network, randomTag());
  const url = fillTemplate(template, sample);
  const request = { method: "GET" as const, url, headers: Object.entries(POSTBACK_REQUEST_HEADERS) };
  const refused = outboundUrlProblem(url, allowPrivate(site, env));
  let answer: PostbackTestAnswer;
  if (refused) {
    answer = {
      network,
      event,
      template,
      sample,
      request,
      outcome: "refused",
      refused,
      response: null,
      duration_ms: 0,
      verdict: null,
    };
  } else {
    const started = Date.now();
    const exchange = await requestPostback(url, timeoutMs(env), fetcher);
    if ("error" in exchange) {
      answer = {
        ...{ network, event, template, sample, request, refused: null, response: null },
        outcome: exchange.error,
        duration_ms: Date.now() - started,
        verdict: "retrying",
      };
    } else {
      const { response } = exchange;
      const start = await bodyStart(response);
      const headers = TEST_RESPONSE_HEADERS.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value] as [string, string]];
      });
      const judged = judgeStatus(response.status).result;
      answer = {
        ...{ network, event, template, sample, request, refused: null },
        outcome: "answered",
        response: { status: response.status, headers, ...start },
        duration_ms: Date.now() - started,
        verdict: judged === "retry" ? "retrying" : judged,
      };
    }
  }
  await audit(db, {
    siteId: site.id,
    staffId,
    action: "postback_test",
    detail: { network, event, url, outcome: answer.outcome, status: answer.response?.status ?? null, refused },
  });
  return answer;
}
