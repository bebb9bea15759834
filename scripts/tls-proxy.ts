/**
 * A local TLS front for the app (docs/decisions/032-https-only.md): one port on 127.0.0.1 that
 * speaks https and plain http (it looks at the first byte: a TLS handshake starts with 0x16) and
 * passes every request to the app with `X-Forwarded-Proto`, as Cloudflare's edge does. So the
 * app's https behaviour (HSTS, the redirect of http to https) can be seen and graded locally
 * (scripts/observatory.ts). The certificate is self-signed, made at start with openssl for
 * 127.0.0.1 and localhost, kept in a temporary folder and removed on exit.
 *
 * Usage: tsx scripts/tls-proxy.ts PORT TARGET   (e.g. 8847 http://127.0.0.1:8846)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { connect, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [portArg, targetArg] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || !targetArg) {
  console.error("usage: tsx scripts/tls-proxy.ts PORT TARGET (e.g. 8847 http://127.0.0.1:8846)");
  process.exit(2);
}
const target = new URL(targetArg);

const dir = mkdtempSync(join(tmpdir(), "tls-proxy-"));
const [keyPath, certPath] = [join(dir, "key.pem"), join(dir, "cert.pem")];
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1,DNS:localhost",
    "-keyout",
    keyPath,
    "-out",
    certPath,
  ],
  { stdio: "ignore" },
);
const tls = { key: readFileSync(keyPath), cert: readFileSync(certPath) };

function forward(scheme: "http" | "https") {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const headers = { ...incoming.headers, "x-forwarded-proto": scheme };
    const upstream = request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`tls-proxy: ${error.message}`);
    });
    incoming.pipe(upstream);
  };
}

const plain = createHttpServer(forward("http"));
const secure = createHttpsServer(tls, forward("https"));
// TLS is handed to the https server over a loopback connection of its own (a TLS socket reads
// its connection's handle directly, so bytes already read could not be given back to it).
await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
const bound = secure.address();
const securePort = typeof bound === "object" && bound !== null ? bound.port : 0;
const front = createNetServer((socket) => {
  socket.on("error", () => socket.destroy());
  socket.once("data", (first) => {
    if (first[0] === 0x16) {
      const inner = connect(securePort, "127.0.0.1", () => {
        inner.write(first);
        socket.pipe(inner).pipe(socket);
      });
      inner.on("error", () => socket.destroy());
      return;
    }
    socket.pause();
    socket.unshift(first);
    plain.emit("connection", socket);
    socket.resume();
  });
});

function stop() {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

front.listen(port, "127.0.0.1", () => {
  console.log(`tls-proxy: https and http on 127.0.0.1:${port} → ${target.origin} (certificate ${certPath})`);
});
