/**
 * The API client: one per request (made by the root middleware). Every call carries the
 * contract's headers, forwards the visitor's cookies, has a timeout and parses the answer
 * with its Zod schema. Cookies the API sets are kept (so later calls in the same request see a
 * new session) and relayed to the browser by the root middleware.
 *
 * 4xx answers come back as { ok: false } for the caller to turn into a form error or a page;
 * 5xx answers, timeouts and unreadable answers throw the error page (503/502), logged once.
 * A 403 account_banned (a banned member on any member call; ADR 030) redirects to /pages/ban,
 * so no page needs a rule of its own for it.
 *
 * A GET asked twice in one request (two sections of a page that need the same list) is sent
 * once; any other call forgets those answers, since it may change what they said. GETs started
 * together (the root's user.php and a page's lists) go as one GET /api/batch.php: one trip and
 * one session lookup instead of one each (docs/decisions/066-batched-reads.md). An API without
 * batch.php (a PHP API that does not offer it) answers 404, and the calls then go one by one.
 */
import { data, redirect } from "react-router";
import type { z } from "zod";
import { parseCookies } from "../cookies.server";
import { apiFetch, apiHeaders, type ApiBindings } from "./headers.server";
import { ApiErrorSchema, type ApiErrorBody, BatchAnswerSchema } from "../../../contract/schemas";
import { BATCH_MAX_CALLS, isBatchable } from "../../../contract/requests/batch";

/** What the API answered, before a schema reads it. */
interface RawAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiErrorBody };

interface CallOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body (photo uploads), sent as is. */
  formData?: FormData;
}

export class ApiClient {
  /** Set-Cookie headers to relay to the browser. */
  readonly setCookies: string[] = [];
  private readonly cookies: Map<string, string>;
  private readonly gets = new Map<string, Promise<RawAnswer>>();
  /** GETs waiting for the end of this turn of the event loop, to go as one batch. */
  private waiting: WaitingGet[] = [];
  /** The headers every call of this request carries: read from the visitor's request once, not per call. */
  private readonly headers: Headers;

  constructor(
    private readonly request: Request,
    private readonly env: ApiBindings,
    readonly requestId: string,
  ) {
    this.cookies = parseCookies(request.headers.get("cookie"));
    this.headers = apiHeaders(request, env, requestId);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async call<S extends z.ZodType>(schema: S, path: string, options: CallOptions = {}): Promise<ApiResult<z.output<S>>> {
    const method = options.method ?? "GET";
    const url = new URL(path, this.request.url);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const { status, statusText, body } = await this.once(method, url, options);
    if (status >= 400) {
      const error = ApiErrorSchema.safeParse(body);
      if (status === 403 && error.success && error.data.error === "account_banned") throw redirect("/pages/ban", { status: 302 });
      return {
        ok: false,
        status,
        error: error.success ? error.data : { error: "unknown", message: `HTTP ${status} ${statusText}` },
      };
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) this.fail(502, `${method} ${url.pathname} answered in an unexpected shape`, parsed.error.issues);
    return { ok: true, data: parsed.data };
  }

  /**
   * A GET whose answer is the same for every visitor of a site (the profile fields, the
   * interests: the API marks them public): kept per isolate and host for a minute, like the
   * settings (site.server.ts), so the pages that show them make no call for them
   * (docs/decisions/033-member-page-cost.md). Only successful answers are kept.
   */
  async callShared<S extends z.ZodType>(
    schema: S,
    path: string,
    query: Record<string, string> = {},
  ): Promise<ApiResult<z.output<S>>> {
    const url = new URL(path, this.request.url);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const key = `${url.host}${url.pathname}${url.search}`;
    const kept = sharedAnswers.get(key);
    if (kept && kept.until > Date.now()) return { ok: true, data: kept.data as z.output<S> };
    const result = await this.call(schema, path, { query });
    if (result.ok) {
      if (sharedAnswers.size >= SHARED_MAX) sharedAnswers.clear();
      sharedAnswers.set(key, { data: result.data, until: Date.now() + SHARED_TTL_MS });
    }
    return result;
  }

  /**
   * A GET whose answer is not JSON (the host figures' CSV): the API's response, its body unread,
   * for the caller to pass on; 5xx, timeouts and no answer are the error page, as for `call`.
   */
  async download(path: string, query: Record<string, string> = {}): Promise<Response> {
    const url = new URL(path, this.request.url);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await this.fetchApi("GET", url);
    this.keepCookies(response);
    if (response.status >= 500) this.fail(502, `GET ${url.pathname} answered ${response.status}`);
    return response;
  }

  private once(method: string, url: URL, options: CallOptions): Promise<RawAnswer> {
    if (method !== "GET") {
      this.gets.clear();
      return this.send(method, url, options);
    }
    const key = `${url.pathname}${url.search}|${[...this.cookies].join(";")}`;
    const asked = this.gets.get(key);
    if (asked) return asked;
    const answer = this.send(method, url, options);
    this.gets.set(key, answer);
    return answer;
  }

  private send(method: string, url: URL, options: CallOptions): Promise<RawAnswer> {
    const batchable = method === "GET" && isBatchable(url.pathname + url.search) && !unbatched.has(apiOf(this.env));
    if (!batchable) return this.sendAlone(method, url, options);
    return new Promise((resolve, reject) => {
      this.waiting.push({ url, resolve, reject });
      // The loaders of one page start their calls in the same turn; the next turn sends them.
      if (this.waiting.length === 1) setTimeout(() => this.sendWaiting(), 0);
    });
  }

  /** The GETs that waited: one alone, more as batches of up to BATCH_MAX_CALLS. */
  private sendWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    if (waiting.length === 1 || unbatched.has(apiOf(this.env))) {
      this.sendEachAlone(waiting);
      return;
    }
    for (let start = 0; start < waiting.length; start += BATCH_MAX_CALLS) {
      void this.sendBatch(waiting.slice(start, start + BATCH_MAX_CALLS));
    }
  }

  private async sendBatch(gets: WaitingGet[]): Promise<void> {
    const url = new URL("/api/batch.php", this.request.url);
    for (const get of gets) url.searchParams.append("call", get.url.pathname + get.url.search);
    let response: Response;
    try {
      response = await this.fetchApi("GET", url);
    } catch (page) {
      return rejectAll(gets, page);
    }
    if (response.status >= 500) return rejectAll(gets, this.failure(502, `GET ${url.pathname} answered ${response.status}`));
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return rejectAll(gets, this.failure(503, `GET ${url.pathname} was cut off`, error));
    }
    const parsed = response.status === 200 ? BatchAnswerSchema.safeParse(parseJson(text)) : null;
    if (!parsed?.success || parsed.data.answers.length !== gets.length) {
      // 404, 405, 501 or a page that is no batch answer: this API has no batch.php, so every
      // GET goes alone from now on. Any other refusal (a 4xx of this batch): these go alone.
      if (NO_BATCH_STATUSES.has(response.status) || parsed) unbatched.add(apiOf(this.env));
      console.warn(`[${this.requestId}] API GET ${url.pathname} answered ${response.status}; its calls go one by one`);
      return this.sendEachAlone(gets);
    }
    this.keepCookies(response);
    gets.forEach((get, i) => {
      const { status, body } = parsed.data.answers[i] ?? { status: 502, body: null };
      if (status >= 500) get.reject(this.failure(502, `GET ${get.url.pathname} answered ${status}`));
      else get.resolve({ status, statusText: "", body });
    });
  }

  private sendEachAlone(gets: WaitingGet[]): void {
    for (const get of gets) this.sendAlone("GET", get.url, {}).then(get.resolve, get.reject);
  }

  private async sendAlone(method: string, url: URL, options: CallOptions): Promise<RawAnswer> {
    const body = options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await this.fetchApi(method, url, body);
    this.keepCookies(response);
    if (response.status >= 500) this.fail(502, `${method} ${url.pathname} answered ${response.status}`);
    const answer: unknown = await response.json().catch(() => undefined);
    return { status: response.status, statusText: response.statusText, body: answer };
  }

  /**
   * One request to the API with the request's headers and cookies (as they are now), a JSON
   * body's type, and the timeout; no answer at all throws the error page (503).
   */
  private async fetchApi(method: string, url: URL, body?: string | FormData): Promise<Response> {
    const headers = new Headers(this.headers);
    headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (typeof body === "string") headers.set("content-type", "application/json");
    try {
      return await apiFetch(
        this.env,
        new Request(url, { method, headers, body, signal: AbortSignal.timeout(Number(this.env.API_TIMEOUT_MS)) }),
      );
    } catch (error) {
      this.fail(503, `${method} ${url.pathname} did not answer`, error);
    }
  }

  private keepCookies(response: Response) {
    if (!response.headers.has("set-cookie")) return; // most answers set none
    for (const header of response.headers.getSetCookie()) {
      this.setCookies.push(header);
      const [pair = "", ...attributes] = header.split(";");
      const [name, ...value] = pair.trim().split("=");
      if (!name) continue;
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }

  /** Logs once, with the request id, and shows the error page. */
  private fail(status: 502 | 503, what: string, cause?: unknown): never {
    throw this.failure(status, what, cause);
  }

  /** The error page for a failed call, logged once with the request id. */
  private failure(status: 502 | 503, what: string, cause?: unknown): object {
    console.error(`[${this.requestId}] API ${what}`, cause ?? "");
    const page = data(
      { requestId: this.requestId },
      { status, statusText: status === 503 ? "Service Unavailable" : "Bad Gateway" },
    );
    apiFailures.add(page);
    return page;
  }
}

interface WaitingGet {
  url: URL;
  resolve: (answer: RawAnswer) => void;
  reject: (page: unknown) => void;
}

/**
 * The APIs (the service binding, or API_ORIGIN) of this isolate that turned out to have no
 * batch.php: their GETs go one by one.
 */
const unbatched = new Set<unknown>();
const apiOf = (env: ApiBindings): unknown => env.API_ORIGIN || env.API;
/** What an API without batch.php answers it: no such call, not for GET, not implemented. */
const NO_BATCH_STATUSES = new Set([404, 405, 501]);

function rejectAll(gets: WaitingGet[], page: unknown): void {
  for (const get of gets) get.reject(page);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const apiFailures = new WeakSet<object>();

/** callShared's answers: per host, path and query; parsed already, so never changed by a caller (they are read-only data). */
const sharedAnswers = new Map<string, { data: unknown; until: number }>();
const SHARED_TTL_MS = 60_000;
/** A bound on the memory (sites × languages × calls): past it the map starts again. */
const SHARED_MAX = 500;

/**
 * Whether a thrown value is the error page of an API that failed (5xx, timeout, no answer). An
 * action whose form must not be lost catches it and answers the form instead (the chat keeps the
 * typed message and its key, so the retry cannot send or charge twice).
 */
export function isApiFailure(thrown: unknown): boolean {
  return typeof thrown === "object" && thrown !== null && apiFailures.has(thrown);
}

/** The call's result, or null when the API failed (5xx, timeout): for forms that must keep their input. */
export async function orUnanswered<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (thrown) {
    if (isApiFailure(thrown)) return null;
    throw thrown;
  }
}
