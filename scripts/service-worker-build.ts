/**
 * A Vite plugin that finishes the browser build (docs/decisions/023):
 *  1. bundles workers/sw.ts into build/client/sw.js and writes into it the list of files to
 *     precache (workbox-build's injectManifest: the hashed scripts, the icons, the offline page);
 *  2. writes the build's metadata, builds/meta/{buildId}.json and builds/latest.json (spec §7),
 *     which open pages poll to learn that a new version is out (app/lib/client/app-updates.ts).
 * The build id is React Router's manifest version, which the page also knows
 * (window.__reactRouterManifest.version), so page and metadata compare like with like.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
    const { count, size, warnings } = await injectManifest({
      swSrc: swFile,
      swDest: swFile,
      globDirectory: outDir,
      globPatterns: ["assets/*.js", "icons/*.png", "favicon.svg"],
      // The development tools' chunks are never needed by a member.
      globIgnores: ["assets/dev-*.js"],
      // Hashed names change when their content does: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      // The offline page is rendered by the app, in the member's language, once per build.
      additionalManifestEntries: [{ url: "/offline", revision: buildId }],
    });
    for (const warning of warnings) console.warn(`service worker: ${warning}`);
    const meta = JSON.stringify({ buildId, builtAt: new Date().toISOString(), precache: { files: count, bytes: size } });
    mkdirSync(path.join(outDir, "builds", "meta"), { recursive: true });
    writeFileSync(path.join(outDir, "builds", "meta", `${buildId}.json`), meta);
    writeFileSync(path.join(outDir, "builds", "latest.json"), meta);
  }
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
