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
            // The fake affiliate network and partner feed (tests/api/postback-receiver.global.ts);
            // the tests' sites allow private hosts, so the worker must too. Quick retries, short timeout.
            TEST_POSTBACK_RECEIVER: `http://127.0.0.1:${process.env.POSTBACK_FAKE_PORT ?? 8877}`,
            POSTBACK_ALLOW_PRIVATE: "1",
            POSTBACK_RETRY_SECONDS: "0",
            POSTBACK_TIMEOUT_MS: "400",
          },
          // Postbacks are delivered at once rather than gathered for up to a second: a test of
          // five retries waited five seconds for nothing. Push keeps wrangler.jsonc's second, in
          // which a burst in one conversation collapses into one notification. (Merged per queue:
          // a queue named here takes this whole entry instead of wrangler.jsonc's, so its size
          // and retries are repeated.)
          queueConsumers: {
            "dating-postbacks": { maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 5 },
          },
        },
      }),
    ],
    test: {
      include: ["tests/api/**/*.test.ts"],
      // One workerd runtime per worker for all its files, not one per file: about 2 minutes
      // instead of 8–13 (docs/decisions/064). The files share one D1, so a test never assumes it
      // is alone in it. Two workers, and time for a test's twenty parallel calls: with four, a
      // fresh clone's first run timed two such tests out at Vitest's default of 5 s.
      isolate: false,
      maxWorkers: 2,
      testTimeout: 15_000,
      setupFiles: ["./tests/api/setup.ts"],
      globalSetup: ["./tests/api/push-service.global.ts", "./tests/api/postback-receiver.global.ts"],
    },
  };
});
