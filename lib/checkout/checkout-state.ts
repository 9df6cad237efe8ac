import type { Deposit, PaymentLink } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { effectiveDepositStatus, OTP_MAX_ATTEMPTS } from "@/lib/domain/deposit-status";
import { effectiveLinkStatus } from "@/lib/domain/link-status";
import { toMajor } from "@/lib/domain/money";
import { returnUrlWith } from "@/lib/domain/return-url";
import { syncDepositWithGateway } from "@/lib/deposits/sync-deposit-with-gateway";

export type CheckoutAttempt = {
  reference: string;
  paymentType: string;
  gatewayName: string;
  status: string;
  failureReason: string | null;
  url: string | null;
  triesLeft: number | null;
  expiresAt: string;
};

export type CheckoutState = {
  reference: string;
  status: string;
  /**
   * Major units, as in the API. `fees` and `total` (amount + fees: what the customer was charged)
   * are known once the link is paid, from the fees recorded on it.
   */
  amount: number;
  fees: number | null;
  total: number | null;
  currency: string;
  failureReason: string | null;
  returnUrl: string | null;
  attempt: CheckoutAttempt | null;
};

export async function latestAttempt(client: DbClient, linkId: string) {
  return client.deposit.findFirst({ where: { paymentLinkId: linkId }, orderBy: { createdAt: "desc" } });
}

function toAttempt(d: Deposit, now: Date): CheckoutAttempt {
  return {
    reference: d.reference,
    paymentType: d.paymentType,
    gatewayName: d.gatewayName,
    status: effectiveDepositStatus(d, now),
    failureReason: d.failureReason,
    url: d.redirectUrl,
    triesLeft: d.flow === "otp" ? Math.max(0, OTP_MAX_ATTEMPTS - d.otpAttempts) : null,
    expiresAt: d.expiresAt.toISOString(),
  };
}

/**
 * What the checkout page needs to show now: the link's status and its latest attempt, brought up
 * to date with the operator first (so polling is what moves a sandbox DIRECT payment along).
 * Only the customer's own payment facts: nothing about the merchant's account or other links.
 */
export async function checkoutState(client: DbClient, link: PaymentLink, now = new Date()): Promise<CheckoutState> {
  let attempt = await latestAttempt(client, link.id);
  if (attempt?.status === "pending") attempt = await syncDepositWithGateway(client, attempt, now);
  const current = attempt ? await client.paymentLink.findUniqueOrThrow({ where: { id: link.id } }) : link;
  const status = effectiveLinkStatus(current, now);
  return {
    reference: current.reference,
    status,
    amount: toMajor(current.amountMinor, current.currency),
    fees: current.feesMinor === null ? null : toMajor(current.feesMinor, current.currency),
    total: current.feesMinor === null ? null : toMajor(current.amountMinor + current.feesMinor, current.currency),
    currency: current.currency,
    failureReason: current.failureReason,
    returnUrl: status === "pending" ? null : returnUrlWith(current.returnUrl, current.reference, status),
    attempt: attempt ? toAttempt(attempt, now) : null,
  };
}
