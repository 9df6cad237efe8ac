import type { DbClient } from "@/lib/core/db/client";
import type { Environment } from "@/lib/core/domain/environment";
import { confirmDeposit } from "@/lib/features/deposits/confirm-deposit";
import { DomainError } from "@/lib/core/errors/domain-error";
import { startedBy } from "./checkout-session";
import { latestAttempt } from "./checkout-state";
import { paymentInProgress } from "./start-link-attempt";
import { getCheckoutLinkOrThrow } from "./get-checkout-link";

/**
 * The customer types the code for the link's current OTP attempt; the deposit rules apply unchanged.
 * Only the checkout that started the attempt may type it: a stranger's five wrong codes would
 * otherwise spend the customer's code and fail the link.
 */
export async function confirmLinkOtp(
  client: DbClient,
  options: { reference: string; environment: Environment; otp: string; checkoutToken: string | null },
) {
  const link = await getCheckoutLinkOrThrow(client, options.reference, options.environment);
  const attempt = await latestAttempt(client, link.id);
  if (!attempt || attempt.flow !== "otp") {
    throw new DomainError("not_found", { reason: "otp_gone", field: "otp", rule: "code_expired", details: "No code was requested for this payment" });
  }
  if (attempt.status === "pending" && attempt.checkoutTokenHash && !startedBy(attempt, options.checkoutToken)) {
    throw paymentInProgress();
  }
  await confirmDeposit(client, { merchantId: link.merchantId, environment: options.environment, trxReference: attempt.reference, otp: options.otp });
  return link;
}
