import { baseUrlValue, envValue, type Env } from "@/lib/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/gateways/operators/operator-http";

// MTN MoMo Open API credentials (docs/operators.md): an API user (a UUID) and its API key, a
// subscription key per product (Collection, Disbursement), and the target environment
// ("sandbox", or "mtnivorycoast", "mtnbenin", "mtncameroon", "mtnguineaconakry"... in production).

export type MtnMomoConfig = {
  baseUrl: string;
  /** Collection product subscription key (Ocp-Apim-Subscription-Key). */
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  /** Disbursement product subscription key; without it payouts are refused before sending. */
  disbursementSubscriptionKey: string | null;
  timeoutMs: number;
};

/** The MTN MoMo configuration, or null when any collection credential is missing (the gateway stays off). */
export function readMtnMomoConfig(env: Env = process.env): MtnMomoConfig | null {
  const baseUrl = baseUrlValue(env, "MTN_MOMO_BASE_URL");
  const subscriptionKey = envValue(env, "MTN_MOMO_SUBSCRIPTION_KEY");
  const apiUser = envValue(env, "MTN_MOMO_API_USER");
  const apiKey = envValue(env, "MTN_MOMO_API_KEY");
  const targetEnvironment = envValue(env, "MTN_MOMO_TARGET_ENVIRONMENT");
  if (!baseUrl || !subscriptionKey || !apiUser || !apiKey || !targetEnvironment) return null;
  return {
    baseUrl,
    subscriptionKey,
    apiUser,
    apiKey,
    targetEnvironment,
    disbursementSubscriptionKey: envValue(env, "MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY") ?? null,
    timeoutMs: operatorTimeoutMs(env),
  };
}
