// Sandbox and production share one route tree; the /test path segment selects the sandbox.
export type Environment = "sandbox" | "live";

export const SANDBOX_PREFIX = "/test";

/** Splits "/test/api/..." into the sandbox and "/api/..."; any other path is live. */
export function environmentFromPath(pathname: string): { environment: Environment; pathname: string } {
  if (pathname === SANDBOX_PREFIX || pathname.startsWith(`${SANDBOX_PREFIX}/`)) {
    return { environment: "sandbox", pathname: pathname.slice(SANDBOX_PREFIX.length) || "/" };
  }
  return { environment: "live", pathname };
}

export function pathPrefix(environment: Environment): string {
  return environment === "sandbox" ? SANDBOX_PREFIX : "";
}
