import { environmentFromPath } from "@/lib/core/domain/environment";
import { errorBody } from "@/lib/core/errors/api-error";
import { isApiPath } from "./security-headers";

/**
 * Whether every %-escape of a path decodes to UTF-8. Next.js answers a bare 500 when it cannot
 * decode a dynamic segment (e.g. /pay/%ED%A0%80, a lone surrogate), so the proxy refuses such
 * paths first.
 */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The answer to an undecodable path: the error envelope on API paths, a short text elsewhere. */
export function malformedPathResponse(isApi: boolean): Response {
  const details = "The URL path is not valid percent-encoded UTF-8";
  return isApi
    ? Response.json(errorBody(40023, details), { status: 400, headers: { "cache-control": "no-store" } })
    : new Response(`400 Bad Request: ${details}\n`, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/**
 * Whether a path only looks like an API path once case and escaped slashes are set aside
 * (`/TEST/api/...`, `/Api/v4/...`, `/test%2Fapi/...`). Routes match exactly, so such a path is
 * served by no API route and would get the HTML 404 page; a client that sent it is an API client
 * and gets the API's 404 envelope instead.
 */
export function isMisspelledApiPath(pathname: string): boolean {
  if (isApiPath(environmentFromPath(pathname).pathname)) return false;
  const folded = pathname.replace(/%2f/gi, "/").replace(/%5c/gi, "/").toLowerCase();
  return isApiPath(environmentFromPath(folded).pathname);
}

/** The API's 404 for a path no route serves (same body as the API trees' catch-alls). */
export function apiNotFoundResponse(pathname: string, method: string): Response {
  const details = `No route for ${method} ${pathname}; API paths are lower case, with plain slashes`;
  return Response.json(errorBody(40004, details), { status: 404, headers: { "cache-control": "no-store" } });
}
