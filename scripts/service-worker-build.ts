/**
 * A Vite plugin that finishes the browser build (docs/decisions/023):
 *  1. bundles workers/sw.ts into build/client/sw.js and writes into it the list of files to
 *     precache (workbox-build's injectManifest): the shell only — the scripts every page needs
 *     (React Router's manifest, the entry, the root route and the layouts, with their imports),
 *     the icons and the offline page. Route chunks are cached by the worker as they are used;
 *  2. writes the build's metadata, builds/meta/{buildId}.json and builds/latest.json (spec §7),
 *     which open pages poll to learn that a new version is out (app/lib/client/app-updates.ts).
 * The build id is React Router's manifest version, which the page also knows
 * (window.__reactRouterManifest.version), so page and metadata compare like with like.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { build, type Plugin } from "vite";
import { injectManifest } from "workbox-build";

export function serviceWorker(): Plugin {
  return {
    name: "dating:service-worker",
    apply: "build",
    // After every environment is built: React Router writes its browser manifest (whose version
    // is the build id) while building the server.
    buildApp: {
      order: "post",
      handler: (builder) => finishBrowserBuild(path.resolve(builder.environments.client?.config.build.outDir ?? "build/client")),
    },
  };
}

async function finishBrowserBuild(outDir: string) {
  {
    const buildId = routerManifestVersion(outDir);
    await build({
      configFile: false,
      logLevel: "warn",
      // Workbox logs only in development builds.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: true,
        lib: { entry: path.resolve("workers/sw.ts"), formats: ["iife"], name: "sw", fileName: () => "sw.js" },
      },
    });
    const swFile = path.join(outDir, "sw.js");
    const shell = shellScripts(outDir, buildId);
    const { count, size, warnings } = await injectManifest({
      swSrc: swFile,
      swDest: swFile,
      globDirectory: outDir,
      globPatterns: [...shell, "icons/*.png", "favicon.svg"],
      // Hashed names change when their content does: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      // The offline page is rendered by the app, in the member's language, once per build.
      additionalManifestEntries: [{ url: "/offline", revision: buildId }],
    });
    for (const warning of warnings) console.warn(`service worker: ${warning}`);
    // What the precache costs a member's data plan: the scripts as served (compressed); the icons
    // are PNGs already. The budget (≤ 250 KB, scripts/budgets.ts) is on this figure.
    const scriptsCompressed = shell.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0);
    const precache = { files: count, bytes: size, scripts: shell.length, scriptsCompressed };
    const meta = JSON.stringify({ buildId, builtAt: new Date().toISOString(), precache });
    mkdirSync(path.join(outDir, "builds", "meta"), { recursive: true });
    writeFileSync(path.join(outDir, "builds", "meta", `${buildId}.json`), meta);
    writeFileSync(path.join(outDir, "builds", "latest.json"), meta);
  }
}

/**
 * The app's shell: the scripts every page of the app loads before its own route's chunk — React
 * Router's browser manifest itself, the client entry, the root route and the layouts, each with
 * its imports (paths relative to the client build). A route's own chunk is left to the worker's
 * cache-as-used route (workers/sw.ts): precaching all of them made a member's first visit
 * download every page of the app (docs/decisions/023, "The shell only").
 */
export function shellScripts(outDir: string, buildId: string): string[] {
  const manifestFile = `assets/manifest-${buildId}.js`;
  const text = readFileSync(path.join(outDir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RouterManifest;
  const scripts = new Set<string>([manifestFile]);
  const add = (part: { module: string; imports?: string[] }) => {
    for (const url of [part.module, ...(part.imports ?? [])]) scripts.add(url.replace(/^\//, ""));
  };
  add(manifest.entry);
  for (const [id, route] of Object.entries(manifest.routes)) if (id === "root" || id.startsWith("layouts/")) add(route);
  return [...scripts];
}

interface RouterManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

/** The version React Router's browser manifest carries (a content hash of the build). */
function routerManifestVersion(outDir: string): string {
  const assets = path.join(outDir, "assets");
  for (const file of readdirSync(assets).filter((f) => /^manifest-.*\.js$/.test(f))) {
    const text = readFileSync(path.join(assets, file), "utf8");
    if (!text.startsWith("window.__reactRouterManifest")) continue;
    const version = /"version":"([^"]+)"/.exec(text)?.[1];
    if (version) return version;
  }
  throw new Error("no React Router manifest with a version in the client build");
}
