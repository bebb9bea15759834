// API integration tests: the reference API worker in workerd, on real D1 with the real
// migrations (applied by tests/api/setup.ts), through its fetch handler.
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.resolve("workers/api/migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./workers/api/wrangler.jsonc" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The fake push service the global setup starts (tests/api/push-service.global.ts).
            TEST_PUSH_SERVICE: `http://127.0.0.1:${process.env.PUSH_FAKE_PORT ?? 8873}`,
          },
        },
      }),
    ],
    test: {
      include: ["tests/api/**/*.test.ts"],
      setupFiles: ["./tests/api/setup.ts"],
      globalSetup: ["./tests/api/push-service.global.ts"],
    },
  };
});
