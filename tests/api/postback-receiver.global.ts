/// <reference types="node" />
// Vitest global setup of the API tests (in Node, outside workerd): the fake affiliate network and
// partner feed on 127.0.0.1 that postbacks-*.test.ts and partner-feed.test.ts talk to
// (tests/fakes/postback-receiver.ts).
import { startFakeReceiver } from "../fakes/postback-receiver";
import { fakeGlobalSetup } from "../fakes/server";

export const POSTBACK_FAKE_PORT = Number(process.env.POSTBACK_FAKE_PORT ?? 8877);

export default fakeGlobalSetup(startFakeReceiver, POSTBACK_FAKE_PORT);
