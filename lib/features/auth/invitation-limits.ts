import { consume, envLimiter } from "@/lib/core/limits/rate-limit";
import { isOutcome, type DomainError } from "@/lib/core/errors/domain-error";
import { log } from "@/lib/core/logging/log";

// Invitation mails go to any address the inviter types, from a business whose name its owner
// chose at sign-up: without limits, a fresh account is a free mailer. Each invitation mail sent
// (a new one, a re-invitation) spends one point of the merchant's daily budget, which revoking does
// not give back, and one of the recipient address's, across every merchant: nobody's inbox fills
// with invitations from throwaway accounts. Counted by rate-limiter-flexible like the sign-up limits
// (lib/core/limits/rate-limit.ts: Redis when REDIS_URL is set, the process's memory otherwise).
//   INVITATION_MAILS_PER_DAY_PER_MERCHANT  default 20
//   INVITATION_MAILS_PER_DAY_PER_ADDRESS   default 3
const DAY = 24 * 60 * 60;
const perMerchant = () => envLimiter("invitation-mail-merchant", "INVITATION_MAILS_PER_DAY_PER_MERCHANT", 20, DAY);
const perAddress = () => envLimiter("invitation-mail-address", "INVITATION_MAILS_PER_DAY_PER_ADDRESS", 3, DAY);

export type InvitationLimit = "merchant" | "address";

/** Thrown when an invitation mail would pass a limit; `which` says whose (the dashboard words it). */
export class InvitationLimitReached extends Error {
  constructor(
    readonly which: InvitationLimit,
    readonly retryAfterSeconds: number,
  ) {
    super(which === "merchant" ? "This account has sent its invitations for today; try again tomorrow" : "This address has received too many invitations today; try again tomorrow");
  }
}

const retryAfter = (error: DomainError) => error.retryAfterSeconds ?? DAY;

/** Spends one invitation mail of the merchant and one of the recipient address, or throws InvitationLimitReached (spending nothing). */
export async function chargeInvitationMail(merchantId: string, email: string) {
  const address = email.trim().toLowerCase();
  try {
    await consume(perMerchant(), merchantId);
  } catch (error) {
    if (!isOutcome(error, "limited")) throw error;
    log("warn", "invitation mail limit reached", { limit: "merchant", merchantId });
    throw new InvitationLimitReached("merchant", retryAfter(error));
  }
  try {
    await consume(perAddress(), address);
  } catch (error) {
    if (!isOutcome(error, "limited")) throw error;
    // Not sent: the merchant's point comes back.
    await perMerchant().limiter.reward(merchantId, 1);
    log("warn", "invitation mail limit reached", { limit: "address", merchantId });
    throw new InvitationLimitReached("address", retryAfter(error));
  }
}
