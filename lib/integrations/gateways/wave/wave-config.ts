import { baseUrlValue, envValue, type Env } from "@/lib/integrations/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/integrations/gateways/operators/operator-http";

// Wave Business API (docs/operators.md): one API key per business wallet (Bearer), and the secret
// Wave shows when the webhook is registered. A webhook is registered with one of two security
// strategies (docs.wave.com/webhook), and WAVE_WEBHOOK_STRATEGY must name the same one:
// - "signing_secret" (the default, recommended): each event is signed in `Wave-Signature`;
// - "shared_secret": each event carries the secret itself, `Authorization: Bearer <secret>`.
// The base URL is https://api.wave.com unless WAVE_API_BASE_URL says otherwise (tests).

export const WAVE_DEFAULT_BASE_URL = "https://api.wave.com";

export const WAVE_WEBHOOK_STRATEGIES = ["signing_secret", "shared_secret"] as const;
export type WaveWebhookStrategy = (typeof WAVE_WEBHOOK_STRATEGIES)[number];

export type WaveConfig = {
  baseUrl: string;
  apiKey: string;
  /** Null: events cannot be verified, so every event is refused (deposits still settle by status reads). */
  webhookSecret: string | null;
  webhookStrategy: WaveWebhookStrategy;
  timeoutMs: number;
};

function isStrategy(value: string): value is WaveWebhookStrategy {
  return (WAVE_WEBHOOK_STRATEGIES as readonly string[]).includes(value);
}

/**
 * The Wave configuration, or null without an API key (the gateway stays off). A base URL or a
 * webhook strategy we cannot read turns it off too, as a missing key does: a guessed strategy
 * would refuse every event, or accept them on a check the operator meant otherwise.
 */
export function readWaveConfig(env: Env = process.env): WaveConfig | null {
  const apiKey = envValue(env, "WAVE_API_KEY");
  if (!apiKey) return null;
  const configuredBase = envValue(env, "WAVE_API_BASE_URL");
  const baseUrl = configuredBase ? baseUrlValue(env, "WAVE_API_BASE_URL") : WAVE_DEFAULT_BASE_URL;
  if (!baseUrl) return null;
  const webhookStrategy = envValue(env, "WAVE_WEBHOOK_STRATEGY") ?? "signing_secret";
  if (!isStrategy(webhookStrategy)) return null;
  return { baseUrl, apiKey, webhookSecret: envValue(env, "WAVE_WEBHOOK_SECRET") ?? null, webhookStrategy, timeoutMs: operatorTimeoutMs(env) };
}
