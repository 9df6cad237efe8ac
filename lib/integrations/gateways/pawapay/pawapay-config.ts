import { baseUrlValue, envValue, type Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";
import { parsePawapayFees, type PawapayFees } from "./pawapay-fees";
import { PAWAPAY_PROVIDERS } from "./pawapay-providers";

// pawaPay Merchant API v2 settings (docs/operators-pawapay.md):
//   PAWAPAY_BASE_URL             https://api.sandbox.pawapay.io or https://api.pawapay.io ("the base
//                                URL and the token are the only things that change" between them)
//   PAWAPAY_API_TOKEN            the Bearer token made in pawaPay's dashboard
//   PAWAPAY_CALLBACK_PUBLIC_KEY  the PEM public key pawaPay signs callbacks with (its
//                                GET /v2/public-key/http lists them); "\n" may be written as \n
//   PAWAPAY_CALLBACK_KEY_ID      optional: the keyid that key carries ("HTTP_EC_P256_KEY:1")
//   PAWAPAY_COUNTRIES            optional: our countries (CI, SN, BJ...) whose gateways pawaPay may
//                                serve; default every country of PAWAPAY_PROVIDERS
//   PAWAPAY_GATEWAYS             optional: the gateways pawaPay serves even where we hold a direct
//                                contract (MTN_MOMO_BJ); by default only gateways without one
//   PAWAPAY_FEES                 optional: pawaPay's price in our contract, booked on every completed
//                                transaction ("deposit=1.5%,payout=1%,refund=1%": pawapay-fees.ts)
// Without a callback key, every callback is refused: a callback only ever prompts a status read,
// so nothing is lost but time.

export type PawapayCallbackKey = { keyId: string | null; pem: string };

export type PawapayConfig = {
  baseUrl: string;
  apiToken: string;
  callbackKeys: PawapayCallbackKey[];
  /** Our two-letter countries pawaPay may serve; null: all it can. */
  countries: string[] | null;
  /** Gateways routed to pawaPay even when a direct operator is configured for them. */
  routedGateways: string[];
  /** pawaPay's price per operation (and gateway): its answers carry no fee. */
  fees: PawapayFees;
  timeoutMs: number;
};

const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);

/** null when the base URL or the token is missing (pawaPay's gateways stay off). */
export function readPawapayConfig(env: Env = process.env): PawapayConfig | null {
  const baseUrl = baseUrlValue(env, "PAWAPAY_BASE_URL");
  const apiToken = envValue(env, "PAWAPAY_API_TOKEN");
  if (!baseUrl || !apiToken) return null;
  const pem = envValue(env, "PAWAPAY_CALLBACK_PUBLIC_KEY")?.replace(/\\n/g, "\n");
  const routed = list(envValue(env, "PAWAPAY_GATEWAYS")) ?? [];
  return {
    baseUrl,
    apiToken,
    callbackKeys: pem ? [{ keyId: envValue(env, "PAWAPAY_CALLBACK_KEY_ID") ?? null, pem }] : [],
    countries: list(envValue(env, "PAWAPAY_COUNTRIES")) ?? null,
    // Only gateways pawaPay can serve at all: a typo must not look like a routed gateway.
    routedGateways: routed.filter((name) => name in PAWAPAY_PROVIDERS),
    // A setting that does not parse is refused at start-up (pawapayPlugin's usable).
    fees: parsePawapayFees(envValue(env, "PAWAPAY_FEES")) ?? {},
    timeoutMs: operatorTimeoutMs(env),
  };
}

/**
 * Whether pawaPay serves this gateway here: pawaPay has a provider for it, its country is allowed,
 * and either no direct operator serves it (`directlyServed`) or the settings route it to pawaPay.
 */
export function pawapayServes(config: PawapayConfig, gatewayName: string, directlyServed: boolean): boolean {
  if (!(gatewayName in PAWAPAY_PROVIDERS)) return false;
  const country = gatewayName.slice(gatewayName.lastIndexOf("_") + 1);
  if (config.countries && !config.countries.includes(country)) return false;
  return !directlyServed || config.routedGateways.includes(gatewayName);
}
