import { africasTalkingConfig, africasTalkingProvider } from "./africastalking/africastalking-client";
import type { SmsProvider } from "./sms-provider";

// Which SMS provider sends links (SMS_PROVIDER): "africastalking", or "none" (the default), in
// which case SMS sending is unavailable: the dashboard says so and the API answers 503/50300.
// Another provider (Orange's SMS API, Twilio) is one more case here behind the SmsProvider type.
export const SMS_PROVIDERS = ["africastalking", "none"] as const;

export type SmsAvailability = { provider: SmsProvider } | { provider: null; why: string };

export function smsAvailability(env: NodeJS.ProcessEnv = process.env): SmsAvailability {
  const chosen = (env.SMS_PROVIDER?.trim() || "none").toLowerCase();
  if (chosen === "none") return { provider: null, why: "SMS sending is not configured on this service (SMS_PROVIDER is none)" };
  if (chosen === "africastalking") {
    const config = africasTalkingConfig(env);
    if ("missing" in config) return { provider: null, why: `SMS sending is not configured on this service (${config.missing.join(", ")} unset)` };
    return { provider: africasTalkingProvider(config) };
  }
  return { provider: null, why: `SMS sending is not configured on this service (unknown SMS_PROVIDER ${chosen})` };
}

/** The provider whose delivery reports arrive on /api/sms/{name}/delivery-reports, if it is the one configured. */
export function smsProviderNamed(name: string, env: NodeJS.ProcessEnv = process.env): SmsProvider | null {
  const availability = smsAvailability(env);
  return availability.provider?.name === name ? availability.provider : null;
}
