import "server-only";
import type { Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { createOrangeMoneyClient, type OrangeMoneyClient } from "./orange-money-client";
import { readOrangeMoneyCallbackConfig, readOrangeMoneyConfig } from "./orange-money-config";

// Registers our callback URL with Orange (POST /api/notification/v1/merchantcallback, once per
// environment: `npm run orange-money:register-callback`): Orange then POSTs the merchant code's
// transactions there, with `Authorization: Basic <apiKey>`, the apiKey we register here
// (ORANGE_MONEY_CALLBACK_API_KEY, which lib/features/deposits/receive-operator-callback.ts checks).

export type RegisteredCallback = { name: string | null; callbackUrl: string | null; createdAt: string | null };

/** Registers `callbackUrl` for the configured merchant code; returns what Orange then lists for the code (never the apiKey, which Orange shows in clear). */
export async function registerOrangeCallback(
  options: { callbackUrl: string; name: string },
  env: Env = process.env,
  client?: OrangeMoneyClient,
): Promise<{ code: string; registered: RegisteredCallback[] }> {
  const config = readOrangeMoneyConfig(env);
  if (!config) throw new Error("Orange Money is not configured: set ORANGE_MONEY_BASE_URL, ORANGE_MONEY_CLIENT_ID, ORANGE_MONEY_CLIENT_SECRET and ORANGE_MONEY_MERCHANT_CODE");
  if (config.partner.idType !== "CODE") throw new Error("Orange registers callbacks for a merchant code: set ORANGE_MONEY_MERCHANT_CODE");
  const apiKey = readOrangeMoneyCallbackConfig(env)?.apiKey;
  if (!apiKey) throw new Error("Set ORANGE_MONEY_CALLBACK_API_KEY (a long random secret): Orange sends it back with every callback, and the service refuses callbacks without it");
  const url = parseCallbackUrl(options.callbackUrl);
  const orange = client ?? createOrangeMoneyClient(config);
  await orange.registerCallback({ apiKey, code: config.partner.id, name: options.name, callbackUrl: url });
  const registered = (await orange.listCallbacks(config.partner.id)).map((item) => ({
    name: stringField(item, "name") ?? null,
    callbackUrl: stringField(item, "callbackUrl") ?? null,
    createdAt: stringField(item, "createdAt") ?? null,
  }));
  return { code: config.partner.id, registered };
}

/** Orange calls it from the internet: HTTPS, except a loopback address for a local fake. */
function parseCallbackUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Not a URL: ${text}`);
  }
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(loopback && url.protocol === "http:")) throw new Error(`Orange must reach the callback over HTTPS: ${text}`);
  return url.toString();
}
