import http from "node:http";
import type { AddressInfo } from "node:net";
import { environmentFromPath } from "@/lib/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/request/environment-header";
import { appRoutes, routeModulePath } from "./app-routes";

// The app's route handlers behind a real HTTP server on 127.0.0.1, for clients that must be
// tested over the wire (the webhooks:listen CLI): the same routing as tests/helpers/api-client.ts,
// with node:http's own Date header and body handling.

type RouteModule = Record<string, (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>;

export async function startAppServer() {
  const routes = appRoutes();
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const { environment, pathname } = environmentFromPath(url.pathname);
      const route = routes.find((r) => r.pattern.test(pathname));
      if (!route) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      headers.set(ENVIRONMENT_HEADER, environment);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const request = new Request(url, { method: req.method, headers, body });
      const handler = ((await import(routeModulePath(route))) as RouteModule)[req.method ?? "GET"];
      const response = await handler(request, { params: Promise.resolve(route.pattern.exec(pathname)?.groups ?? {}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
