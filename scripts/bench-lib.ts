/**
 * What the local measuring scripts share (scripts/bench.ts, search-bench.ts, hosts-bench.ts, figures-bench.ts, load.ts):
 * preparing a seeded state, starting the app or the API worker alone on 127.0.0.1, logging in
 * (members and staff), the worker's own time of an answer, and percentiles. Not a test helper: these scripts print numbers for people to compare.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { STAFF_COOKIE } from "../contract/staff";
import { currentCode } from "../workers/api/lib/totp";
import { DEMO_STAFF_PASSWORD } from "../workers/api/seed/staff";

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

/** The worker's own time for an answer: its `Server-Timing: total;…;dur=<ms>` (workers/api/index.ts). */
export function serverTotal(response: Response): number {
  const total = /(?:^|,)\s*total;[^,]*dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  if (!total) throw new Error("the API answered without a Server-Timing total");
  return Number(total[1]);
}

function staffCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!cookie) throw new Error(`no staff cookie: ${response.status}`);
  return cookie.split(";")[0]!;
}

/** A staff session on the API at `api`, as the console gets one: the password, then the authenticator's code (ADR 029). */
export async function staffLogin(api: string, account: { email: string; totpSecret: string }): Promise<string> {
  const headers = { "content-type": "application/json", "x-client-ip": `bench-${account.email}` };
  const login = await fetch(`${api}/api/staff/login.php`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: account.email, password: DEMO_STAFF_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`staff login failed for ${account.email}: ${login.status}`);
  const totp = await fetch(`${api}/api/staff/totp.php`, {
    method: "POST",
    headers: { ...headers, cookie: staffCookieOf(login) },
    body: JSON.stringify({ code: currentCode(account.totpSecret).code }),
  });
  if (totp.status !== 200) throw new Error(`staff code refused for ${account.email}: ${totp.status} ${await totp.text()}`);
  return staffCookieOf(totp);
}
