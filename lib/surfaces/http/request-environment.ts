import type { Environment } from "@/lib/core/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";

// Which environment a request is for. The path decides ("/test/..." is the sandbox) and a client
// never chooses it any other way; how a handler learns it depends on whether proxy.ts ran:
//
// - The API trees (/api, /public and the same under /test: lib/surfaces/api-routes) are outside the
//   proxy, which cost as much as Next.js itself per request. The route table's router matched the
//   path, "/test" included, and hands the environment to the handler with the path's parameters
//   (lib/surfaces/api-routes/router.ts, RouteMatch; api-route.ts, RouteCall).
// - Pages and the sandbox operator's form are behind the proxy, which rewrites "/test/x" to "/x"
//   and passes the environment in a header it always overwrites.

/** For pages and routes behind proxy.ts: from the header it set. */
export function proxiedRequestEnvironment(headers: Pick<Headers, "get">): Environment {
  return headers.get(ENVIRONMENT_HEADER) === "sandbox" ? "sandbox" : "live";
}
