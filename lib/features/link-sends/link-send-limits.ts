import { isOutcome } from "@/lib/core/errors/domain-error";
import { consume, envLimiter } from "@/lib/core/limits/rate-limit";

// Limits against abuse of link sending (a merchant's key, or a member's session, turned into an
// SMS or spam cannon), the same for the API and the dashboard since both call sendPaymentLink:
// - per link and recipient: a few sends per hour (a customer asks again, not a hundred times);
// - per merchant and environment: a daily cap on all its sends.
// Fixed windows of rate-limiter-flexible, shared through Redis when REDIS_URL is set
// (lib/core/limits/rate-limit.ts). A send the provider refuses still counts: it was an attempt.

export const LINK_SEND_LIMIT_SETTINGS = {
  perRecipient: "LINK_SENDS_PER_HOUR_PER_RECIPIENT",
  perMerchant: "LINK_SENDS_PER_DAY_PER_MERCHANT",
} as const;

const HOUR = 3_600;
const DAY = 86_400;

async function spend(limiter: ReturnType<typeof envLimiter>, key: string, what: string) {
  try {
    await consume(limiter, key);
  } catch (error) {
    if (!isOutcome(error, "limited")) throw error;
    // The same refusal and wait, with details that say which limit it was.
    throw error.with({ details: `${what}; retry in ${error.retryAfterSeconds ?? "a while"} s` });
  }
}

export async function spendLinkSendLimits(options: { merchantId: string; environment: string; linkId: string; recipient: string }) {
  const perRecipient = envLimiter("link-send-recipient", LINK_SEND_LIMIT_SETTINGS.perRecipient, 3, HOUR);
  const perMerchant = envLimiter("link-send-merchant", LINK_SEND_LIMIT_SETTINGS.perMerchant, 200, DAY);
  await spend(perRecipient, `${options.linkId}:${options.recipient}`, `At most ${perRecipient.points} sends of this link to this recipient per hour`);
  await spend(perMerchant, `${options.merchantId}:${options.environment}`, `At most ${perMerchant.points} link sends per day for this account`);
}
