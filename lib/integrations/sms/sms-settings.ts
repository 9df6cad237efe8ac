import type { Environment } from "@/lib/core/domain/environment";
import { africasTalkingConfig, africasTalkingProvider } from "./africastalking/africastalking-client";
import type { SmsProvider } from "./sms-provider";

// Which SMS provider sends links (SMS_PROVIDER): "africastalking", or "none" (the default), in
// which case SMS sending is unavailable: the dashboard says so and the API answers 503/50300.
// Another provider (Orange's SMS API, Twilio) is one more case here behind the SmsProvider type.
export const SMS_PROVIDERS = ["africastalking", "none"] as const;

export type SmsAvailability = { provider: SmsProvider } | { provider: null; why: string };

/**
 * The provider for the sends of `environment`, or why there is none. Test mode needs the provider's
 * sandbox (lib/integrations/sms/africastalking/africastalking-client.ts): an account that anyone
 * can open and never activate must not text real phones on the service's account.
 */
export function smsAvailability(environment: Environment, env: NodeJS.ProcessEnv = process.env): SmsAvailability {
  const chosen = (env.SMS_PROVIDER?.trim() || "none").toLowerCase();
  if (chosen === "none") return { provider: null, why: "SMS sending is not configured on this service (SMS_PROVIDER is none)" };
  if (chosen === "africastalking") {
    const config = africasTalkingConfig(environment, env);
    if (!("missing" in config)) return { provider: africasTalkingProvider(config) };
    const unset = `(${config.missing.join(", ")} unset)`;
    const why = environment === "sandbox"
      ? `SMS sending in test mode is not configured on this service ${unset}: test-mode texts go only to Africa's Talking's sandbox, never to a real phone`
      : `SMS sending is not configured on this service ${unset}`;
    return { provider: null, why };
  }
  return { provider: null, why: `SMS sending is not configured on this service (unknown SMS_PROVIDER ${chosen})` };
}

/** The provider whose delivery reports arrive on /api/sms/{name}/delivery-reports, if it is the one configured (its live or its sandbox app: both post there). */
export function smsProviderNamed(name: string, env: NodeJS.ProcessEnv = process.env): SmsProvider | null {
  const providers = (["live", "sandbox"] as const).map((environment) => smsAvailability(environment, env).provider);
  return providers.find((provider) => provider?.name === name) ?? null;
}
