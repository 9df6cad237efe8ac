import type { Environment } from "@/lib/core/domain/environment";
import { clientLimitKey } from "@/lib/core/request/client-address";
import { consume, envLimiter, type LimitState } from "@/lib/core/limits/rate-limit";

// The general API limits, applied by the route wrapper: per API key on authenticated requests,
// per client address on the others (gateway lists, checkout, and so on). Per minute, from the
// environment; the sandbox is lower than production, as peers' sandboxes are:
//   API_REQUESTS_PER_MINUTE_PER_KEY            default 1200 (live)
//   SANDBOX_API_REQUESTS_PER_MINUTE_PER_KEY    default 300
//   API_REQUESTS_PER_MINUTE_PER_IP             default 600 (live, without a key)
//   SANDBOX_API_REQUESTS_PER_MINUTE_PER_IP     default 300
export const API_LIMIT_DEFAULTS = {
  key: { live: 1200, sandbox: 300 },
  ip: { live: 600, sandbox: 300 },
} as const;

const variable = (kind: "KEY" | "IP", environment: Environment) =>
  `${environment === "sandbox" ? "SANDBOX_" : ""}API_REQUESTS_PER_MINUTE_PER_${kind}`;

export function limitApiKey(keyId: string, environment: Environment): Promise<LimitState> {
  const limiter = envLimiter(`api-key-${environment}`, variable("KEY", environment), API_LIMIT_DEFAULTS.key[environment], 60);
  return consume(limiter, keyId);
}

export function limitApiClient(request: Request, environment: Environment): Promise<LimitState> {
  const limiter = envLimiter(`api-ip-${environment}`, variable("IP", environment), API_LIMIT_DEFAULTS.ip[environment], 60);
  return consume(limiter, clientLimitKey(request));
}
