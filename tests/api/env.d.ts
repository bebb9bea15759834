/// <reference types="@cloudflare/vitest-plugin/types" />
// `env` from "cloudflare:workers" is the API worker's (ApiEnv): workers/api/worker-configuration.d.ts says so.
