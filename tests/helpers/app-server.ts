import http from "node:http";
import type { AddressInfo } from "node:net";
import { dispatch } from "./api-client";

// The app's route handlers behind a real HTTP server on 127.0.0.1, for clients that must be tested
// over the wire (the SDK, the webhooks:listen CLI, the docs' samples, operators' fakes posting
// callbacks): each request goes to the route Next.js would pick, as tests/helpers/api-client.ts
// does, with node:http's own Date header and body handling. `listen` serves any other handler.

export type RunningServer = { origin: string; close: () => Promise<void> };

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function listen(server: http.Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startAppServer(): Promise<RunningServer> {
  const server = http.createServer(async (incoming, outgoing) => {
    try {
      const body = await readBody(incoming);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const url = `http://${incoming.headers.host}${incoming.url}`;
      const request = new Request(url, { method: incoming.method, headers, body: body.length ? new Uint8Array(body) : undefined });
      const response = await dispatch(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  return listen(server);
}
