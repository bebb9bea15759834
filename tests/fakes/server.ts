/// <reference types="node" />
/**
 * What the tests' fake outside services share (tests/fakes/push-service.ts, postback-receiver.ts):
 * a JSON answer, listening on 127.0.0.1 only, and a close that also ends the answers a fake
 * holds open on purpose (a provider that hangs), so a test run never waits on them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export interface FakeServer {
  origin: string;
  close(): Promise<void>;
}

export function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** Serves `handle` on 127.0.0.1:port; a handler that throws answers 500 with the error. */
export async function listenFake(
  port: number,
  origin: string,
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  hanging: Iterable<ServerResponse>,
): Promise<FakeServer> {
  const server = createServer((request, response) => {
    Promise.resolve()
      .then(() => handle(request, response))
      .catch((error: unknown) => json(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    origin,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Vitest global setup for one fake: starts it on the port, answers its teardown. */
export function fakeGlobalSetup(start: (port: number) => Promise<FakeServer>, port: number) {
  return async (): Promise<() => Promise<void>> => {
    const fake = await start(port);
    return () => fake.close();
  };
}
