import type { OperatorBreaker } from "./circuit-breaker";

/** What a client may be given instead of the defaults (tests give a small breaker and a short timeout). */
export type OperatorClientDeps = {
  fetch?: typeof fetch;
  /** Default: the process-wide circuit of the operator. */
  breaker?: OperatorBreaker;
  /** Default: OPERATOR_TIMEOUT_MS or 10 s. */
  timeoutMs?: number;
  now?: () => number;
};

/** The environment variables a config reader reads (process.env by default). */
export type Env = Record<string, string | undefined>;

/** Reads a variable, treating blank as unset. */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A base URL without its trailing slash, or undefined when it is not http(s). */
export function baseUrlValue(env: Env, name: string): string | undefined {
  const value = envValue(env, name);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  } catch {
    return undefined;
  }
  return value.replace(/\/+$/, "");
}
