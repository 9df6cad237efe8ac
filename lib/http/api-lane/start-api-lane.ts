import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { errorFields, log } from "@/lib/logging/log";
import { createApiLane, type ApiLane, type RouteHandlers } from "./api-lane";
import { buildRouteTable } from "./route-table";

/** Where the front door (server/front-door.cjs) finds the lane (this module is bundled by Next; the server is not). */
const globalForLane = globalThis as unknown as { __pcsApiLane?: ApiLane };

/** What Next's compiled route files export: the route module, with our exports as its userland. */
type CompiledRoute = { routeModule: { ensureUserland(): Promise<void>; userland: RouteHandlers } };

/**
 * Opens the lane in this server process (instrumentation.ts, production only, unless API_LANE=0).
 * The build's own files say which routes there are: Next's app-paths manifest in `distDir` (".next"
 * beside the server, as `next start` and the standalone server.js both run). Each route file is
 * loaded in the background as Next would load it on a first request; until it is, Next answers
 * that route, so no request waits for the lane and a lane that cannot start changes nothing.
 */
export function startApiLane(distDir = path.join(process.cwd(), ".next")) {
  try {
    const serverDir = path.join(distDir, "server");
    const appPaths = JSON.parse(fs.readFileSync(path.join(serverDir, "app-paths-manifest.json"), "utf8")) as Record<string, string>;
    const table = buildRouteTable(appPaths);
    // A require of our own, outside the bundler's reach: these are the build's output files, which
    // Next itself requires from this folder.
    const requireCompiled = createRequire(path.join(serverDir, "lane.js"));
    const loaded = new Map<string, RouteHandlers>();
    for (const { file } of table.routes) {
      const compiled = requireCompiled(path.join(serverDir, file)) as CompiledRoute;
      compiled.routeModule.ensureUserland().then(
        () => loaded.set(file, compiled.routeModule.userland),
        (error) => log("error", "API lane: a route did not load; Next answers it", { file, ...errorFields(error) }),
      );
    }
    globalForLane.__pcsApiLane = createApiLane(table, (file) => loaded.get(file));
  } catch (error) {
    log("error", "API lane not started; Next answers every request", errorFields(error));
  }
}
