import { pathPrefix, type Environment } from "@/lib/core/domain/environment";

/** A dashboard path in the environment the member is looking at: /test/dashboard/... is the sandbox. */
export function dashboardPath(environment: Environment, path = ""): string {
  return `${pathPrefix(environment)}/dashboard${path}`;
}
