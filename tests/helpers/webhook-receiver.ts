import fs from "node:fs";
import https from "node:https";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// A merchant's webhook endpoint for the tests: a real HTTPS server on 127.0.0.1 with the
// certificate made by tests/helpers/webhook-tls.ts. `answer` decides each response from the
// request's 1-based number; everything received is kept in order.

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
export type Answer = (n: number, response: ServerResponse, request: Received) => void;

export const ok: Answer = (_n, res) => res.writeHead(200, { "content-type": "text/plain" }).end("thanks");

export async function startReceiver(answer: Answer = ok) {
  const dir = process.env.WEBHOOK_TEST_TLS_DIR;
  if (!dir) throw new Error("WEBHOOK_TEST_TLS_DIR is unset: tests/helpers/webhook-tls.ts must run as a global setup");
  const received: Received[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) },
    (req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const request = { path: req.url ?? "/", headers: req.headers, body };
        received.push(request);
        answer(received.length, res, request);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    url: (p = "/hooks") => `https://127.0.0.1:${port}${p}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Lets the SSRF guard through to this receiver (its exact 127.0.0.1:port), as a developer would. */
export function allow<T extends { host: string }>(receiver: T): T {
  const current = process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS?.split(",").filter(Boolean) ?? [];
  process.env.WEBHOOK_ALLOWED_PRIVATE_HOSTS = [...current, receiver.host].join(",");
  return receiver;
}
