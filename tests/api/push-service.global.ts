/// <reference types="node" />
// Vitest global setup of the API tests (in Node, outside workerd): the fake push service on
// 127.0.0.1 that the members of push-*.test.ts subscribe at (tests/fakes/push-service.ts).
import { startFakePushService } from "../fakes/push-service";
import { fakeGlobalSetup } from "../fakes/server";

export const PUSH_FAKE_PORT = Number(process.env.PUSH_FAKE_PORT ?? 8873);

export default fakeGlobalSetup(startFakePushService, PUSH_FAKE_PORT);
