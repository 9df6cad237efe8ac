import { baseUrlValue, envValue, type Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";

// MTN MoMo Open API credentials (docs/operators.md): an API user (a UUID) and its API key, a
// subscription key per product (Collection, Disbursement), and the target environment
// ("sandbox", or "mtnivorycoast", "mtnbenin", "mtncameroon", "mtnguineaconakry"... in production).
//
// MTN's API users are per country ("used to grant access to the wallet system in a specific
// country") and so is the target environment: each country may have its own, as
// MTN_MOMO_<CC>_<NAME> (MTN_MOMO_CM_API_USER, MTN_MOMO_CM_TARGET_ENVIRONMENT...), and every
// variable a country does not set is the plain MTN_MOMO_<NAME>.

export type MtnMomoConfig = {
  baseUrl: string;
  /** Collection product subscription key (Ocp-Apim-Subscription-Key). */
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  /** Disbursement product subscription key; without it payouts and refunds are refused before sending. */
  disbursementSubscriptionKey: string | null;
  timeoutMs: number;
};

/** MTN's sandbox target environment, whose only currency is EUR. */
export const MTN_SANDBOX = "sandbox";

/**
 * The MTN MoMo configuration of one country (our gateway's, "CI", "CM"...), or the defaults without
 * one; null when any collection credential is missing (that country's gateway stays off).
 */
export function readMtnMomoConfig(env: Env = process.env, country?: string): MtnMomoConfig | null {
  const own = (name: string) => (country ? `MTN_MOMO_${country.toUpperCase()}_${name}` : null);
  const variable = (name: string) => {
    const override = own(name);
    return override && envValue(env, override) !== undefined ? override : `MTN_MOMO_${name}`;
  };
  // An API key belongs to its API user: a country that sets either takes both from its own
  // variables, never one of them from the defaults (a pair MTN would refuse with 401).
  const ownCredentials = [own("API_USER"), own("API_KEY")].some((name) => name && envValue(env, name) !== undefined);
  const credential = (name: string) => envValue(env, ownCredentials ? own(name)! : `MTN_MOMO_${name}`);

  const baseUrl = baseUrlValue(env, variable("BASE_URL"));
  const subscriptionKey = envValue(env, variable("SUBSCRIPTION_KEY"));
  const apiUser = credential("API_USER");
  const apiKey = credential("API_KEY");
  const targetEnvironment = envValue(env, variable("TARGET_ENVIRONMENT"));
  if (!baseUrl || !subscriptionKey || !apiUser || !apiKey || !targetEnvironment) return null;
  return {
    baseUrl,
    subscriptionKey,
    apiUser,
    apiKey,
    targetEnvironment,
    disbursementSubscriptionKey: envValue(env, variable("DISBURSEMENT_SUBSCRIPTION_KEY")) ?? null,
    timeoutMs: operatorTimeoutMs(env),
  };
}
