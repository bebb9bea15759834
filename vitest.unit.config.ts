// Unit tests: pure modules, in Node. Kept apart from vite.config.ts (which carries the
// Cloudflare and React Router plugins) as STACK-NOTES advises.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "contract/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
