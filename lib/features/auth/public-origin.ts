import { configuredPublicOrigin, PUBLIC_ORIGIN_SETTING } from "@/lib/core/domain/public-base-url";

/**
 * The base of every link in a mail: BETTER_AUTH_URL's origin. In production nothing else, ever
 * (a server cannot start without it); null outside production when it is unset, where the callers
 * fall back to an allowed request host.
 */
export function mailLinkBase(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = configuredPublicOrigin(env);
  if (configured || env.NODE_ENV !== "production") return configured;
  throw new Error(`Set ${PUBLIC_ORIGIN_SETTING}: in production every link in a mail is built on it, never on a request's host`);
}
