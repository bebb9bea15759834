/// <reference types="node" />
/**
 * A fake affiliate network and a fake partner feed on 127.0.0.1, for the postback and feed
 * tests (docs/decisions/025, 026).
 *
 * Postbacks: GET /pb/:mode/:key?… is recorded under `key` and answered by `mode`: `ok` (200),
 * `error` (500), `hang` (never answers), `refuse` (403), `flaky` (500 on the first request for
 * the key, then 200). GET /_hits/:key answers the recorded requests ({ url, at }[]).
 *
 * Feed: GET /feed/:mode?… answers `ok` (a JSON feed in a partner's own shape, see FEED below),
 * `hang`, `malformed` (not JSON), `error` (500), `wrong-shape` (JSON without the list), `big`
 * (over the size limit). GET /_feed-hits answers how many feed requests came, with their URLs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { json, listenFake, type FakeServer } from "./server";

export type FakeReceiver = FakeServer;

/** The items of the `ok` feed: what the mapping in the tests reads. */
export function feedItems(origin: string) {
  return [
    { nick: "anna_77", profile: { display: "Anna" }, years: 27, img: `${origin}/snap/anna.jpg`, online: true },
    { nick: "bea.live", profile: { display: "Bea <b>" }, years: "31", img: `${origin}/snap/bea.jpg`, online: "1" },
    // Offline: no tile.
    { nick: "cora", profile: { display: "Cora" }, years: 22, img: `${origin}/snap/cora.jpg`, online: false },
    // A snapshot on a host the settings do not name: no tile.
    { nick: "dora", profile: { display: "Dora" }, years: 40, img: "https://elsewhere.example/dora.jpg", online: true },
    // An account that is not a plain name: no tile.
    { nick: "../evil", profile: { display: "Eve" }, years: 30, img: `${origin}/snap/eve.jpg`, online: true },
    // No name: no tile.
    { nick: "fay", years: 30, img: `${origin}/snap/fay.jpg`, online: true },
    // An age that is not one: the tile without an age.
    { nick: "gina", profile: { display: "Gina" }, years: "old", img: `${origin}/snap/gina.jpg`, online: true },
  ];
}

export async function startFakeReceiver(port: number): Promise<FakeReceiver> {
  const origin = `http://127.0.0.1:${port}`;
  const hits = new Map<string, { url: string; at: number }[]>();
  const feedHits: string[] = [];
  const hanging: ServerResponse[] = [];

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", origin);
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "_hits" && parts[1]) return json(response, 200, hits.get(parts[1]) ?? []);
    if (parts[0] === "_feed-hits") return json(response, 200, feedHits);
    if (parts[0] === "pb" && parts[1] && parts[2]) {
      const [mode, key] = [parts[1], parts[2]];
      const list = hits.get(key) ?? [];
      list.push({ url: url.pathname + url.search, at: Date.now() });
      hits.set(key, list);
      if (mode === "hang") return void hanging.push(response);
      if (mode === "error" || (mode === "flaky" && list.length === 1)) return json(response, 500, { error: "boom" });
      if (mode === "refuse") return json(response, 403, { error: "unknown offer" });
      return json(response, 200, { ok: true });
    }
    if (parts[0] === "feed" && parts[1]) {
      feedHits.push(url.pathname + url.search);
      switch (parts[1]) {
        case "ok":
          return json(response, 200, { data: { performers: feedItems(origin) } });
        case "hang":
          return void hanging.push(response);
        case "malformed":
          response.writeHead(200, { "content-type": "application/json" });
          return response.end('{"data": {"performers": [');
        case "error":
          return json(response, 500, { error: "down" });
        case "wrong-shape":
          return json(response, 200, { data: { performers: "none today" } });
        case "big":
          return json(response, 200, { data: { performers: feedItems(origin) }, padding: "x".repeat(600 * 1024) });
      }
    }
    json(response, 404, { error: "not found" });
  }

  return listenFake(port, origin, handle, hanging);
}
