import { errorBody } from "@/lib/errors/api-error";

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
