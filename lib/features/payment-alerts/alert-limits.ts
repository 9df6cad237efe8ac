import { consume, envLimiter } from "@/lib/core/limits/rate-limit";

// Alerts go to the merchant's own people, but each costs an SMS the service pays for: a merchant
// flooded with tiny payments (or someone paying 100 XOF in a loop to run up our bill) gets at most
// this many alerts per hour and environment, across its members and channels; the rest are
// recorded failed with reason limit_reached (the payments themselves are untouched). Fixed windows
// of rate-limiter-flexible, shared through Redis when REDIS_URL is set (lib/core/limits/rate-limit.ts).

export const PAYMENT_ALERT_LIMIT_SETTING = "PAYMENT_ALERTS_PER_HOUR_PER_MERCHANT";

const HOUR = 3_600;

/** Spends one alert of the merchant's hour; throws the limiter's refusal (kind "limited") when none is left. */
export async function spendPaymentAlert(merchantId: string, environment: string): Promise<void> {
  await consume(envLimiter("payment-alerts-merchant", PAYMENT_ALERT_LIMIT_SETTING, 120, HOUR), `${merchantId}:${environment}`);
}
