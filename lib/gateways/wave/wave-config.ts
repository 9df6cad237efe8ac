import { baseUrlValue, envValue, type Env } from "@/lib/gateways/operators/operator-client-deps";
import { operatorTimeoutMs } from "@/lib/gateways/operators/operator-http";

// Wave Business API (docs/operators.md): one API key per business wallet (Bearer), and the
// webhook signing secret Wave shows when the webhook is registered with the "shared secret"
// strategy. The base URL is https://api.wave.com unless WAVE_API_BASE_URL says otherwise (tests).

export const WAVE_DEFAULT_BASE_URL = "https://api.wave.com";

export type WaveConfig = {
  baseUrl: string;
  apiKey: string;
  /** Null: events cannot be verified, so every event is refused (deposits still settle by status reads). */
  webhookSecret: string | null;
  timeoutMs: number;
};

/** The Wave configuration, or null without an API key (the gateway stays off). */
export function readWaveConfig(env: Env = process.env): WaveConfig | null {
  const apiKey = envValue(env, "WAVE_API_KEY");
  if (!apiKey) return null;
  const configuredBase = envValue(env, "WAVE_API_BASE_URL");
  const baseUrl = configuredBase ? baseUrlValue(env, "WAVE_API_BASE_URL") : WAVE_DEFAULT_BASE_URL;
  if (!baseUrl) return null;
  return { baseUrl, apiKey, webhookSecret: envValue(env, "WAVE_WEBHOOK_SECRET") ?? null, timeoutMs: operatorTimeoutMs(env) };
}
