/// <reference types="@cloudflare/vitest-plugin/types" />
// In API tests, `env` from "cloudflare:workers" is the API worker's (the app's Env is global `Env`).
declare namespace Cloudflare {
  interface Env extends ApiEnv {}
}
