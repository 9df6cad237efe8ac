import { isOutcome } from "@/lib/core/errors/domain-error";
import { consume, envLimiter } from "@/lib/core/limits/rate-limit";

// "Was I charged?" needs no account, so whoever asks is limited (docs/configuration.md): per
// address, whatever they type, so a guesser pays for every try, partial or wrong ones included;
// per phone number, so many addresses together cannot walk one customer's amounts and days
// (which merchants they pay is theirs); per operator id, likewise. Each limit is spent before
// anything is read. An alert to the merchant goes once per payment per day, and a few per address.
const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const lookupsPerAddress = () => envLimiter("charge-lookup-ip", "CHARGE_LOOKUPS_PER_HOUR_PER_IP", 20, HOUR);
const lookupsPerPhone = () => envLimiter("charge-lookup-phone", "CHARGE_LOOKUPS_PER_DAY_PER_PHONE", 10, DAY);
const lookupsPerOperatorId = () => envLimiter("charge-lookup-operator-id", "CHARGE_LOOKUPS_PER_DAY_PER_OPERATOR_ID", 10, DAY);
const alertsPerAddress = () => envLimiter("charge-alert-ip", "CHARGE_ALERTS_PER_DAY_PER_IP", 5, DAY);
const alertsPerPayment = () => envLimiter("charge-alert-payment", "CHARGE_ALERTS_PER_DAY_PER_PAYMENT", 1, DAY);

/** One look-up (or "check again") from this address: throws the limiter's 429 when spent. */
export const limitLookupByAddress = (addressKey: string) => consume(lookupsPerAddress(), addressKey);

/** One look-up of this number (E.164) or operator id, whoever asks. */
export async function limitLookupByFacts(facts: { phone?: string; operatorId?: string }) {
  if (facts.phone) await consume(lookupsPerPhone(), facts.phone);
  // Operator ids are compared as typed, so they are counted as typed, case aside.
  if (facts.operatorId) await consume(lookupsPerOperatorId(), facts.operatorId.toLowerCase());
}

/** One "tell the merchant" from this address. */
export const limitAlertByAddress = (addressKey: string) => consume(alertsPerAddress(), addressKey);

/** Whether this payment's merchant may be told now: true once a day per payment (the point is spent). */
export async function alertAllowedToday(depositId: string): Promise<boolean> {
  try {
    await consume(alertsPerPayment(), depositId);
    return true;
  } catch (error) {
    if (isOutcome(error, "limited")) return false;
    throw error;
  }
}
