// The API's trees: the first segments of every path of the route table (lib/surfaces/api-routes), each
// also under "/test" but the support view's. Whatever treats the API apart from the pages reads
// them here: the security headers, next.config.ts's headers, proxy.ts. No imports: next.config.ts
// loads this file as it is.

/** Every tree of the route table. */
export const API_TREES = ["/api", "/public", "/admin/api"] as const;

/**
 * The merchant API's trees, which proxy.ts never sees (it cost as much per request as Next.js
 * itself): next.config.ts gives them their headers, their handlers read the environment from the
 * path. The support view's /admin/api goes through the proxy like its pages.
 */
export const TREES_OUTSIDE_PROXY = ["/api", "/public"] as const;

/** Whether a path (without "/test") is in one of the API's trees. */
export function isApiTreePath(pathname: string): boolean {
  return API_TREES.some((tree) => pathname === tree || pathname.startsWith(`${tree}/`));
}

/**
 * Whether a path, with or without "/test", is in a tree proxy.ts never sees: what its matcher
 * leaves out, which proxy.ts (for the %-escaped paths the matcher still sends it) and the tests'
 * harness (which gives these trees next.config.ts's headers) ask here.
 */
export function isOutsideProxy(path: string): boolean {
  const unprefixed = path.startsWith("/test/") ? path.slice("/test".length) : path;
  return TREES_OUTSIDE_PROXY.some((tree) => unprefixed.startsWith(`${tree}/`));
}
