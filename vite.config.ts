import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serviceWorker } from "./scripts/service-worker-build.ts";

/** Changes whenever a translation changes, so /_i18n/{build-id}/… can be cached for a year. */
function i18nBuildId(): string {
  const hash = createHash("sha256");
  const dir = path.resolve("contract/messages");
  for (const file of readdirSync(dir).sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest("hex").slice(0, 12);
}

export default defineConfig(({ isPreview }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // The reference API worker runs beside the app in dev and preview, on the same D1/R2 state
      // that `npm run db:migrate` and `npm run db:seed` write.
      auxiliaryWorkers: [{ configPath: "./workers/api/wrangler.jsonc" }],
      persistState: { path: process.env.STATE_DIR ?? ".wrangler/state" },
      inspectorPort: process.env.INSPECTOR_PORT ? Number(process.env.INSPECTOR_PORT) : false,
    }),
    reactRouter(),
    serviceWorker(),
  ],
  define: {
    __I18N_BUILD_ID__: JSON.stringify(i18nBuildId()),
  },
  resolve: {
    alias: { "~": path.resolve("app") },
  },
  server: {
    host: "127.0.0.1",
    // `vite preview` serves a finished build: nothing to watch. Without this, React Router's
    // child compiler (a dev server it starts in preview too) watches the whole checkout, and
    // during the e2e suite, whose traces and D1 state change all the time, that watcher took
    // more CPU than both workers together (docs/architecture.md §8).
    ...(isPreview ? { watch: null } : {}),
  },
  preview: { host: "127.0.0.1" },
}));
