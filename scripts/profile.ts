/**
 * `npm run profile -- /home`: where a page's server time goes. Starts the production build (as
 * `npm run bench` does) with the workers' inspector open, loads the page a few hundred times,
 * and prints, for the app worker and the API worker, the JavaScript time per request and the
 * functions that take it (self time, and with what they call). Not a test: numbers for people.
 *
 *   npm run profile -- /home                 as the demo member anna@example.com
 *   npm run profile -- / --visitor           without a session
 *   npm run profile -- /members --requests 400 --top 40
 *
 * Only JavaScript is sampled: what workerd does around it (streams, the local D1's SQLite, the
 * service binding) shows in `npm run bench`'s CPU per request, not here (ADR 065).
 */
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { appLogin, prepareState, startApp, stop } from "./bench-lib";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    visitor: { type: "boolean", default: false },
    requests: { type: "string", default: "300" },
    top: { type: "string", default: "25" },
  },
});
const page = positionals[0] ?? "/home";
const requests = Math.min(Number(values.requests), 5000);
const top = Number(values.top);
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const INSPECTOR_PORT = PORT + 500;
const base = `http://localhost:${PORT}`;
/** The sampling interval: fine enough for a request of a few milliseconds. */
const SAMPLE_US = 200;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** A Chrome DevTools Protocol session with one worker (workerd's inspector names them by worker). */
async function inspect(worker: string) {
  // The ws package: Node's own WebSocket is closed by workerd's inspector at once (1005).
  const socket = new WebSocket(`ws://127.0.0.1:${INSPECTOR_PORT}/${worker}`);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        waiting.set(++id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split("/").at(-1);
  return file ? `${functionName || "(anonymous)"} ${file}:${lineNumber}` : functionName;
};

function report(worker: string, profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    const node = byId.get(sample)!;
    if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)") continue;
    busy++;
    self.set(label(node), (self.get(label(node)) ?? 0) + 1);
    // Each function once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = sample; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + 1);
      seen.add(name);
    }
  }
  const ms = (samples: number) => ((samples * SAMPLE_US) / 1000 / requests).toFixed(2).padStart(6);
  const list = (title: string, counts: Map<string, number>) => {
    console.log(`  ${title}`);
    for (const [name, samples] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`  ${ms(samples)} ms  ${name}`);
    }
  };
  console.log(`\n${worker}: ${ms(busy).trim()} ms of JavaScript per request`);
  list("self time per request", self);
  list("with what it calls, per request", total);
}

const env = await prepareState(".wrangler/e2e", 500);
const server = await startApp(PORT, { ...env, INSPECTOR_PORT: String(INSPECTOR_PORT) });
try {
  const cookie = values.visitor ? "" : await appLogin(base, "anna@example.com", "demo-password");
  const load = async () => {
    const response = await fetch(base + page, { headers: { cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  };
  for (let i = 0; i < 30; i++) await load(); // compiled and warm before sampling
  const workers = await Promise.all(["dating-app", "dating-api"].map(inspect));
  for (const worker of workers) {
    await worker.send("Profiler.enable");
    await worker.send("Profiler.setSamplingInterval", { interval: SAMPLE_US });
    await worker.send("Profiler.start");
  }
  let started = 0;
  const began = Date.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (started++ < requests) await load();
    }),
  );
  console.log(`${page}: ${requests} requests, 4 at a time, in ${Date.now() - began} ms (sampling slows them)`);
  for (const [i, worker] of workers.entries()) {
    const { profile } = await worker.send<{ profile: Profile }>("Profiler.stop");
    report(i === 0 ? "app worker" : "API worker", profile);
    worker.close();
  }
} finally {
  stop(server);
}
