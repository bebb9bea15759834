/// <reference types="@cloudflare/vitest-plugin/types" />
// In API tests, `env` from "cloudflare:workers" is the API worker's ApiEnv, with what the test
// setup adds to it (tests/api/setup.ts).
declare namespace Cloudflare {
  interface Env extends ApiEnv {}
}
