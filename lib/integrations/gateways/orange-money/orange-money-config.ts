import { baseUrlValue, envValue, type Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";

// Orange Money merchant payment API (Sonatel "OM API", docs/operators.md): OAuth client
// credentials, and the merchant ("partner") who is paid, named by its merchant code
// (partner.idType CODE, what every source shows) or, failing that, by its MSISDN.

/**
 * Where the token is asked for. Integrations following Orange's v1.1.0 specification (and the
 * Sonatel Java SDK since 2022) use /oauth/v1/token, the only path confirmed against production in
 * 2026; older ones use /oauth/token (docs/operators.md). The API paths themselves are the same in
 * every source, so only this one is a setting.
 */
export const DEFAULT_ORANGE_MONEY_TOKEN_PATH = "/oauth/v1/token";

export type OrangeMoneyConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** ORANGE_MONEY_TOKEN_PATH, default DEFAULT_ORANGE_MONEY_TOKEN_PATH. */
  tokenPath: string;
  partner: { idType: "CODE" | "MSISDN"; id: string };
  timeoutMs: number;
};

/** The Orange Money configuration, or null when a credential or the merchant is missing, or the token path is not a path (the gateway stays off). */
export function readOrangeMoneyConfig(env: Env = process.env): OrangeMoneyConfig | null {
  const baseUrl = baseUrlValue(env, "ORANGE_MONEY_BASE_URL");
  const clientId = envValue(env, "ORANGE_MONEY_CLIENT_ID");
  const clientSecret = envValue(env, "ORANGE_MONEY_CLIENT_SECRET");
  const code = envValue(env, "ORANGE_MONEY_MERCHANT_CODE");
  // The merchant's MSISDN in Orange's national form (e.g. 770000000), as Orange lists it.
  const msisdn = envValue(env, "ORANGE_MONEY_MERCHANT_MSISDN")?.replace(/^\+/, "");
  const tokenPath = envValue(env, "ORANGE_MONEY_TOKEN_PATH") ?? DEFAULT_ORANGE_MONEY_TOKEN_PATH;
  if (!baseUrl || !clientId || !clientSecret || (!code && !msisdn) || !/^(\/[A-Za-z0-9._-]+)+$/.test(tokenPath)) return null;
  return {
    baseUrl,
    clientId,
    clientSecret,
    tokenPath,
    partner: code ? { idType: "CODE", id: code } : { idType: "MSISDN", id: msisdn! },
    timeoutMs: operatorTimeoutMs(env),
  };
}

/** What authenticates Orange's merchant callbacks to us (docs/operators.md, "merchant callback"). */
export type OrangeMoneyCallbackConfig = {
  /** ORANGE_MONEY_CALLBACK_API_KEY: the apiKey registered with the callback; Orange sends it back as `Authorization: Basic <apiKey>`. */
  apiKey: string;
  /** ORANGE_MONEY_CALLBACK_SIGNING_SECRET: the endpoint secret Sonatel issues for `X-Sonatel-Signature`, when it has issued one. */
  signingSecret: string | null;
};

/** Null when no apiKey is set: then every Orange callback is refused (nothing authenticates it). */
export function readOrangeMoneyCallbackConfig(env: Env = process.env): OrangeMoneyCallbackConfig | null {
  const apiKey = envValue(env, "ORANGE_MONEY_CALLBACK_API_KEY");
  return apiKey ? { apiKey, signingSecret: envValue(env, "ORANGE_MONEY_CALLBACK_SIGNING_SECRET") ?? null } : null;
}
