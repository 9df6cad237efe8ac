import { environmentFromPath, type Environment } from "@/lib/core/domain/environment";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";

// Which environment a request is for. The path decides ("/test/..." is the sandbox) and a client
// never chooses it any other way; how a handler learns it depends on whether proxy.ts ran:
//
// - The API trees (/api, /public and the same under /test: lib/surfaces/api-routes) are outside the
//   proxy, which cost as much as Next.js itself per request. Their request URL is the path the
//   client sent (nothing rewrites it), so it is read from there.
// - Pages and the sandbox operator's form are behind the proxy, which rewrites "/test/x" to "/x"
//   and passes the environment in a header it always overwrites.

/** For API routes, which proxy.ts never sees: from the request's own path. */
export function apiRequestEnvironment(request: { url: string }): Environment {
  const { url } = request;
  // The path (and query) without parsing the whole URL: this runs on every API request.
  return environmentFromPath(url.slice(url.indexOf("/", url.indexOf("//") + 2))).environment;
}

/** For pages and routes behind proxy.ts: from the header it set. */
export function proxiedRequestEnvironment(headers: Pick<Headers, "get">): Environment {
  return headers.get(ENVIRONMENT_HEADER) === "sandbox" ? "sandbox" : "live";
}
