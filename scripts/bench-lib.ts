/**
 * What the local measuring scripts share (scripts/bench.ts, search-bench.ts, load.ts): preparing
 * a seeded state, starting the app or the API worker alone on 127.0.0.1, logging in, and
 * percentiles. Not a test helper: these scripts print numbers for people to compare.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

export async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

/** Stops a server started by startApp or startApi (its whole process group). */
export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

/** The environment of a state directory: migrated and seeded with `profiles` profiles. */
export async function prepareState(stateDir: string, profiles: number): Promise<NodeJS.ProcessEnv> {
  const env = { ...process.env, STATE_DIR: stateDir };
  await run("npm", ["run", "--silent", "db:migrate"], env);
  await run("npm", ["run", "--silent", "db:seed", "--", "--profiles", String(profiles)], env);
  return env;
}

/** The production build (npm run build first) with both workers, as `npm start` serves it. */
export async function startApp(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn("vite", ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    env,
    stdio: "ignore",
    detached: true,
  });
  await waitFor(`http://127.0.0.1:${port}/`).catch((error) => {
    stop(server);
    throw error;
  });
  return server;
}

/** The built API worker alone (`wrangler dev` on dist/dating_api), on the state of `env`. */
export async function startApi(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const server = spawn(
    "wrangler",
    ["dev", "-c", "dist/dating_api/wrangler.json", "--persist-to", env.STATE_DIR!, "--ip", "127.0.0.1", "--port", String(port)],
    { env, stdio: "ignore", detached: true },
  );
  await waitFor(`http://127.0.0.1:${port}/api/settings.php`).catch((error) => {
    stop(server);
    throw error;
  });
  return server;
}

/** A member session through the app's login form, as a browser gets one: the Cookie header. */
export async function appLogin(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (login.status !== 302 || !cookie.includes("sid=")) throw new Error(`login failed: ${login.status}`);
  return cookie;
}

/** A session straight from the API worker's login.php: the "sid=…" Cookie header. */
export async function apiLogin(api: string, email: string, password: string, headers: Record<string, string> = {}) {
  const login = await fetch(`${api}/api/login.php`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  if (!cookie.startsWith("sid=")) throw new Error(`API login failed for ${email}: ${login.status}`);
  return cookie;
}

/** The p-th percentile (0..1) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/**
 * The local D1 database's SQLite file in a state directory (the one besides miniflare's
 * metadata.sqlite). Only open it while no server runs on that state.
 */
export function d1File(stateDir: string): string {
  const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]!);
}
