import type { DbClient } from "@/lib/db/client";
import type { Environment } from "@/lib/domain/environment";
import { confirmDeposit } from "@/lib/deposits/confirm-deposit";
import { ApiError } from "@/lib/errors/api-error";
import { latestAttempt } from "./checkout-state";
import { getCheckoutLinkOrThrow } from "./get-checkout-link";

/** The customer types the code for the link's current OTP attempt; the deposit rules apply unchanged. */
export async function confirmLinkOtp(client: DbClient, options: { reference: string; environment: Environment; otp: string }) {
  const link = await getCheckoutLinkOrThrow(client, options.reference, options.environment);
  const attempt = await latestAttempt(client, link.id);
  if (!attempt || attempt.flow !== "otp") {
    throw new ApiError(40007, { details: "No code was requested for this payment" });
  }
  await confirmDeposit(client, { merchantId: link.merchantId, environment: options.environment, trxReference: attempt.reference, otp: options.otp });
  return link;
}
