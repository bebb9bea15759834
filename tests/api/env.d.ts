/// <reference types="@cloudflare/vitest-plugin/types" />
// In API tests, `env` from "cloudflare:workers" is the API worker's ApiEnv plus the migrations
// the test setup applies (tests/api/setup.ts, vitest.api.config.ts).
declare namespace Cloudflare {
  interface Env extends ApiEnv {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** http://127.0.0.1:PORT of the fake push service (tests/api/push-service.global.ts). */
    TEST_PUSH_SERVICE: string;
    /** http://127.0.0.1:PORT of the fake affiliate network and partner feed (tests/api/postback-receiver.global.ts). */
    TEST_POSTBACK_RECEIVER: string;
  }
}
