import { baseUrlValue, envValue, type Env } from "@/lib/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/gateways/operators/operator-http";

// Orange Money merchant payment API (Sonatel "OM API", docs/operators.md): OAuth client
// credentials, and the merchant ("partner") who is paid, named by its merchant code
// (partner.idType CODE, what every source shows) or, failing that, by its MSISDN.

export type OrangeMoneyConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  partner: { idType: "CODE" | "MSISDN"; id: string };
  timeoutMs: number;
};

/** The Orange Money configuration, or null when a credential or the merchant is missing (the gateway stays off). */
export function readOrangeMoneyConfig(env: Env = process.env): OrangeMoneyConfig | null {
  const baseUrl = baseUrlValue(env, "ORANGE_MONEY_BASE_URL");
  const clientId = envValue(env, "ORANGE_MONEY_CLIENT_ID");
  const clientSecret = envValue(env, "ORANGE_MONEY_CLIENT_SECRET");
  const code = envValue(env, "ORANGE_MONEY_MERCHANT_CODE");
  // The merchant's MSISDN in Orange's national form (e.g. 770000000), as Orange lists it.
  const msisdn = envValue(env, "ORANGE_MONEY_MERCHANT_MSISDN")?.replace(/^\+/, "");
  if (!baseUrl || !clientId || !clientSecret || (!code && !msisdn)) return null;
  return {
    baseUrl,
    clientId,
    clientSecret,
    partner: code ? { idType: "CODE", id: code } : { idType: "MSISDN", id: msisdn! },
    timeoutMs: operatorTimeoutMs(env),
  };
}
