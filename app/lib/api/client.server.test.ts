import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiClient, isApiFailure } from "./client.server";
import { type ApiBindings, clientIp } from "./headers.server";
import { forwardToApi } from "./passthrough.server";

function recordingApi(answer: (request: Request) => Response | Promise<Response>) {
  const seen: Request[] = [];
  const env: ApiBindings = {
    API_ORIGIN: "",
    PACKAGE_NAME: "classic",
    API_TIMEOUT_MS: "200",
    CLIENT_IP_HEADER: "cf-connecting-ip",
    API: {
      async fetch(request) {
        seen.push(request);
        return answer(request);
      },
    },
  };
  return { env, seen };
}

const visitor = new Request("https://amora.example/home", {
  headers: { cookie: "sid=abc; other=1", "accept-language": "nl", "cf-connecting-ip": "203.0.113.9" },
});

describe("ApiClient", () => {
  it("sends x-package-name, x-original-host, the visitor's cookies, language and IP", async () => {
    const { env, seen } = recordingApi(() => Response.json({ ok: true }));
    await new ApiClient(visitor, env, "req-1").call(z.object({ ok: z.boolean() }), "/api/settings.php");
    const headers = seen[0]!.headers;
    expect(headers.get("x-package-name")).toBe("classic");
    expect(headers.get("x-original-host")).toBe("amora.example");
    expect(headers.get("cookie")).toBe("sid=abc; other=1");
    expect(headers.get("accept-language")).toBe("nl");
    expect(headers.get("x-client-ip")).toBe("203.0.113.9");
    expect(headers.get("x-request-id")).toBe("req-1");
  });

  it("redirects a banned member to /pages/ban on 403 account_banned, and answers other 403s", async () => {
    const { env } = recordingApi((request) =>
      request.url.endsWith("/api/search.php")
        ? Response.json({ error: "account_banned", message: "banned" }, { status: 403 })
        : Response.json({ error: "not_logged_in", message: "log in" }, { status: 403 }),
    );
    const api = new ApiClient(visitor, env, "req-ban");
    const thrown = await api.call(z.unknown(), "/api/search.php").catch((error: unknown) => error);
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/pages/ban");
    const other = await api.call(z.unknown(), "/api/likes.php");
    expect(other).toMatchObject({ ok: false, status: 403, error: { error: "not_logged_in" } });
  });

  it("keeps a cookie the API sets for the rest of the request, and relays it", async () => {
    let call = 0;
    const { env, seen } = recordingApi(() =>
      call++ === 0 ? new Response('"x"', { headers: { "Set-Cookie": "sid=new; Path=/; HttpOnly" } }) : Response.json("y"),
    );
    const api = new ApiClient(visitor, env, "req-2");
    await api.call(z.string(), "/api/login.php", { method: "POST", body: {} });
    await api.call(z.string(), "/api/user.php");
    expect(seen[1]!.headers.get("cookie")).toBe("sid=new; other=1");
    expect(api.setCookies).toEqual(["sid=new; Path=/; HttpOnly"]);
  });

  it("sends a GET asked twice in one request once, and again after a change", async () => {
    const { env, seen } = recordingApi(() => Response.json("fields"));
    const api = new ApiClient(visitor, env, "req-3");
    const [a, b] = await Promise.all([
      api.call(z.string(), "/api/profile_fields.php", { query: { language: "en" } }),
      api.call(z.string(), "/api/profile_fields.php", { query: { language: "en" } }),
    ]);
    expect(a).toEqual({ ok: true, data: "fields" });
    expect(b).toEqual(a);
    await api.call(z.string(), "/api/profile_fields.php", { query: { language: "nl" } });
    expect(seen).toHaveLength(2);
    await api.call(z.string(), "/api/profile.php", { method: "POST", body: {} });
    await api.call(z.string(), "/api/profile_fields.php", { query: { language: "en" } });
    expect(seen.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      "/api/profile_fields.php?language=en",
      "/api/profile_fields.php?language=nl",
      "/api/profile.php",
      "/api/profile_fields.php?language=en",
    ]);
  });

  it("sends GETs started together as one batch, each with its own answer", async () => {
    const { env, seen } = recordingApi(() =>
      Response.json(
        {
          answers: [
            { status: 200, body: { user: "anna" } },
            { status: 403, body: { error: "not_logged_in", message: "log in" } },
            { status: 500, body: { error: "internal", message: "oops" } },
          ],
        },
        { headers: { "Set-Cookie": "sid=fresh; Path=/; HttpOnly" } },
      ),
    );
    const api = new ApiClient(visitor, env, "req-batch");
    const [user, likes, chats] = await Promise.allSettled([
      api.call(z.object({ user: z.string() }), "/api/user.php"),
      api.call(z.unknown(), "/api/likes.php"),
      api.call(z.unknown(), "/api/chats.php", { query: { page: "2" } }),
    ]);
    expect(seen).toHaveLength(1);
    const batch = new URL(seen[0]!.url);
    expect(batch.pathname).toBe("/api/batch.php");
    expect(batch.searchParams.getAll("call")).toEqual(["/api/user.php", "/api/likes.php", "/api/chats.php?page=2"]);
    expect(seen[0]!.headers.get("cookie")).toBe("sid=abc; other=1");
    expect(user).toEqual({ status: "fulfilled", value: { ok: true, data: { user: "anna" } } });
    expect(likes).toMatchObject({ status: "fulfilled", value: { ok: false, status: 403, error: { error: "not_logged_in" } } });
    // A call that failed is the error page for that call alone.
    expect(chats.status).toBe("rejected");
    expect(isApiFailure(chats.status === "rejected" ? chats.reason : null)).toBe(true);
    expect(api.setCookies).toEqual(["sid=fresh; Path=/; HttpOnly"]);
  });

  it("sends GETs one by one, from then on, to an API without batch.php", async () => {
    const { env, seen } = recordingApi((request) =>
      request.url.includes("/api/batch.php")
        ? Response.json({ error: "not_found", message: "No such API call." }, { status: 404 })
        : Response.json(new URL(request.url).pathname),
    );
    const api = new ApiClient(visitor, env, "req-php");
    const answers = await Promise.all([api.call(z.string(), "/api/user.php"), api.call(z.string(), "/api/likes.php")]);
    expect(answers).toEqual([
      { ok: true, data: "/api/user.php" },
      { ok: true, data: "/api/likes.php" },
    ]);
    const paths = () => seen.map((r) => new URL(r.url).pathname);
    expect(paths()).toEqual(["/api/batch.php", "/api/user.php", "/api/likes.php"]);
    const next = new ApiClient(visitor, env, "req-php-2");
    await Promise.all([next.call(z.string(), "/api/user.php"), next.call(z.string(), "/api/likes.php")]);
    expect(paths().slice(3)).toEqual(["/api/user.php", "/api/likes.php"]);
  });

  it("sends a batch's calls alone when it is refused, and still batches the next ones", async () => {
    const { env, seen } = recordingApi((request) =>
      request.url.includes("/api/batch.php") && seen.filter((r) => r.url.includes("/api/batch.php")).length === 1
        ? Response.json({ error: "invalid_input", message: "no" }, { status: 422 })
        : request.url.includes("/api/batch.php")
          ? Response.json({
              answers: [
                { status: 200, body: "a" },
                { status: 200, body: "b" },
              ],
            })
          : Response.json(new URL(request.url).pathname),
    );
    const api = new ApiClient(visitor, env, "req-422");
    const first = await Promise.all([api.call(z.string(), "/api/user.php"), api.call(z.string(), "/api/likes.php")]);
    expect(first).toEqual([
      { ok: true, data: "/api/user.php" },
      { ok: true, data: "/api/likes.php" },
    ]);
    const next = new ApiClient(visitor, env, "req-422-2");
    const second = await Promise.all([next.call(z.string(), "/api/user.php"), next.call(z.string(), "/api/chats.php")]);
    expect(second).toEqual([
      { ok: true, data: "a" },
      { ok: true, data: "b" },
    ]);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([
      "/api/batch.php",
      "/api/user.php",
      "/api/likes.php",
      "/api/batch.php",
    ]);
  });

  it("never batches a call that changes something", async () => {
    const { env, seen } = recordingApi(() => Response.json("done"));
    const api = new ApiClient(visitor, env, "req-post");
    await Promise.all([
      api.call(z.string(), "/api/likes.php", { method: "POST", body: { profile: 5 } }),
      api.call(z.string(), "/api/chat.php", { method: "DELETE", body: { conversation: 9 } }),
    ]);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["POST /api/likes.php", "DELETE /api/chat.php"]);
    // Logging out is a GET that changes state: it goes alone, beside the member's user.php.
    await Promise.all([api.call(z.string(), "/api/user.php"), api.call(z.string(), "/api/logout.php")]);
    expect(seen.slice(2).map((r) => new URL(r.url).pathname)).toEqual(["/api/logout.php", "/api/user.php"]);
  });

  it("keeps a public list per host and query across requests, not a refusal, and not another site's", async () => {
    let answer = 0;
    const { env, seen } = recordingApi((request) =>
      new URL(request.url).searchParams.get("language") === "xx"
        ? Response.json({ error: "invalid", message: "no" }, { status: 422 })
        : Response.json(`list ${++answer}`),
    );
    const page = (url: string) => new ApiClient(new Request(url), env, "r");
    const first = await page("https://shared.example/profile").callShared(z.string(), "/api/interests.php", { language: "en" });
    const again = await page("https://shared.example/home").callShared(z.string(), "/api/interests.php", { language: "en" });
    expect(first).toEqual({ ok: true, data: "list 1" });
    expect(again).toEqual(first);
    expect(seen).toHaveLength(1);
    await page("https://shared.example/profile").callShared(z.string(), "/api/interests.php", { language: "nl" });
    await page("https://other.example/profile").callShared(z.string(), "/api/interests.php", { language: "en" });
    expect(seen).toHaveLength(3);
    const refused = await page("https://shared.example/profile").callShared(z.string(), "/api/interests.php", { language: "xx" });
    expect(refused.ok).toBe(false);
    await page("https://shared.example/profile").callShared(z.string(), "/api/interests.php", { language: "xx" });
    expect(seen).toHaveLength(5);
  });

  it("answers 4xx as a result the caller handles", async () => {
    const { env } = recordingApi(() => Response.json({ error: "invalid_credentials", message: "no" }, { status: 401 }));
    const result = await new ApiClient(visitor, env, "r").call(z.string(), "/api/login.php");
    expect(result).toEqual({ ok: false, status: 401, error: { error: "invalid_credentials", message: "no" } });
  });

  it.each([
    ["a 5xx answer", () => new Response("boom", { status: 500 }), 502],
    ["an answer in the wrong shape", () => Response.json({ unexpected: true }), 502],
    ["no answer", () => Promise.reject(new TypeError("connection refused")), 503],
    [
      "a timeout",
      (request: Request) =>
        new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
      503,
    ],
  ])("throws the error page for %s", async (_, answer, status) => {
    const { env } = recordingApi(answer);
    const error = await new ApiClient(visitor, env, "r").call(z.object({ ok: z.boolean() }), "/api/user.php").then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ init: { status } });
  });
});

describe("forwardToApi", () => {
  it("replaces headers a browser could forge", async () => {
    const { env, seen } = recordingApi(() => new Response(null, { status: 204 }));
    const forged = new Request("https://amora.example/api/page-hidden.php", {
      method: "POST",
      body: "{}",
      headers: {
        "x-original-host": "other.example",
        "x-client-ip": "1.1.1.1",
        "x-package-name": "evil",
        "content-type": "application/json",
      },
    });
    const response = await forwardToApi(forged, env);
    expect(response.status).toBe(204);
    expect(seen[0]!.headers.get("x-original-host")).toBe("amora.example");
    expect(seen[0]!.headers.get("x-package-name")).toBe("classic");
    expect(seen[0]!.headers.get("x-client-ip")).toBe("127.0.0.1");
  });

  it("forwards the body whole, and answers 413 itself past 1 MB without calling the API", async () => {
    const { env, seen } = recordingApi(async (request) => new Response(await request.text()));
    const small = new Request("https://amora.example/api/page-hidden.php", { method: "POST", body: '{"a":1}' });
    expect(await (await forwardToApi(small, env)).text()).toBe('{"a":1}');

    // Streamed without a length, so the limit is found while reading.
    const chunk = new Uint8Array(256 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    // Node wants `duplex` for a streamed body; the Workers types do not know it.
    const init: RequestInit & { duplex: "half" } = { method: "POST", body: stream, duplex: "half" };
    const big = new Request("https://amora.example/api/page-hidden.php", init);
    const response = await forwardToApi(big, env);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "payload_too_large" });
    expect(seen).toHaveLength(1);
  });
});

describe("clientIp", () => {
  const from = (headers: Record<string, string>) => new Request("https://amora.example/", { headers });
  it("believes only the header the deployment names", () => {
    expect(clientIp(from({ "cf-connecting-ip": "203.0.113.9", "x-forwarded-for": "1.1.1.1" }), "cf-connecting-ip")).toBe(
      "203.0.113.9",
    );
    // A forged x-forwarded-for chooses nothing on Cloudflare (security probe, issue 17).
    expect(clientIp(from({ "x-forwarded-for": "1.1.1.1" }), "cf-connecting-ip")).toBe("127.0.0.1");
    expect(
      clientIp(from({ "x-forwarded-for": "198.51.100.7, 10.0.0.1", "cf-connecting-ip": "1.1.1.1" }), "x-forwarded-for"),
    ).toBe("198.51.100.7");
    expect(clientIp(from({ "cf-connecting-ip": "1.1.1.1" }), "")).toBe("127.0.0.1");
  });
});
