import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

declare global {
  interface ApiEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}

// Setup files run before each test file; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
