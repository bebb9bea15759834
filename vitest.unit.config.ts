// Unit tests: pure modules, in Node. Kept apart from vite.config.ts (which carries the
// Cloudflare and React Router plugins): loading them would start workerd for pure functions.
import path from "node:path";
import { defineConfig, type Plugin } from "vitest/config";

/**
 * `import x from "….wasm"` gives a compiled WebAssembly.Module, as wrangler's bundler does for
 * the worker, so the photo pipeline (workers/api/images/) runs here unchanged.
 */
const wasmAsModule: Plugin = {
  name: "wasm-as-module",
  enforce: "pre",
  load(id) {
    if (!id.endsWith(".wasm")) return null;
    return `import { readFileSync } from "node:fs";\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(id)}));`;
  },
};

export default defineConfig({
  plugins: [wasmAsModule],
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "contract/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Through Vite rather than Node's own loader, so that their .wasm imports meet the plugin.
    server: { deps: { inline: ["@cwasm/jpeg-turbo", "@cf-wasm/photon"] } },
  },
});
