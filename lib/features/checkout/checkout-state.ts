import type { Deposit, PaymentLink } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { effectiveDepositStatus, OTP_MAX_ATTEMPTS } from "@/lib/core/domain/deposit-status";
import { effectiveLinkStatus, isLinkPayable } from "@/lib/core/domain/link-status";
import { toMajor } from "@/lib/core/domain/money";
import { returnUrlWith } from "@/lib/core/domain/return-url";
import { syncDepositWithGateway } from "@/lib/features/deposits/sync-deposit-with-gateway";
import { hashCheckoutToken } from "./checkout-session";

export type CheckoutAttempt = {
  reference: string;
  paymentType: string;
  gatewayName: string;
  status: string;
  failureReason: string | null;
  /** A failed try the operator keeps open (a Wave session): why, while the customer may still pay. */
  lastTryFailure: string | null;
  url: string | null;
  triesLeft: number | null;
  /**
   * OTP: where the code comes from. "sms": the operator texts it (the sandbox); "customer": the
   * customer generates it in the operator's menu (Orange Money), we never send one.
   */
  codeFrom: "sms" | "customer" | null;
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
  /**
   * Whether a new attempt may start: the link is pending, or failed (its last attempt failed) and
   * open for a retry until expiresAt. A failed, payable link shows its failure and "try again".
   */
  payable: boolean;
  /**
   * Another checkout's attempt is live: its details are not shown (they are that customer's), and
   * this viewer cannot start one until it ends (409/40020). Absent when the viewer is its owner.
   */
  paymentInProgress?: true;
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
    lastTryFailure: d.status === "pending" ? d.lastTryFailure : null,
    url: d.redirectUrl,
    triesLeft: d.flow === "otp" ? Math.max(0, OTP_MAX_ATTEMPTS - d.otpAttempts) : null,
    codeFrom: d.flow === "otp" ? (d.otpHash ? "sms" : "customer") : null,
    expiresAt: d.expiresAt.toISOString(),
  };
}

/**
 * What the checkout needs to show now: the link's status and its latest attempt, brought up to
 * date with the operator first (so polling the state is what moves a sandbox DIRECT payment along).
 * The checkout's state route calls it; the page itself draws `checkoutStateOf` what is recorded.
 */
export async function checkoutState(
  client: DbClient,
  link: PaymentLink,
  now = new Date(),
  /** The viewer's checkout session token (its cookie), or null for someone without one. */
  viewerToken: string | null = null,
): Promise<CheckoutState> {
  let attempt = await latestAttempt(client, link.id);
  if (attempt?.status === "pending") attempt = await syncDepositWithGateway(client, attempt, now);
  const current = attempt ? await client.paymentLink.findUniqueOrThrow({ where: { id: link.id } }) : link;
  return checkoutStateOf(current, attempt, now, viewerToken);
}

/**
 * The state of `link` and its latest attempt as they stand, read nowhere else. Only the customer's
 * own payment facts: nothing about the merchant's account or other links, and nothing of another
 * checkout's live attempt (the reference is public: it is in the QR code).
 */
export function checkoutStateOf(link: PaymentLink, attempt: Deposit | null, now: Date, viewerToken: string | null): CheckoutState {
  const status = effectiveLinkStatus(link, now);
  const othersLive =
    status === "pending" &&
    attempt !== null &&
    effectiveDepositStatus(attempt, now) === "pending" &&
    attempt.checkoutTokenHash !== null &&
    (viewerToken === null || hashCheckoutToken(viewerToken) !== attempt.checkoutTokenHash);
  return {
    reference: link.reference,
    status,
    amount: toMajor(link.amountMinor, link.currency),
    fees: link.feesMinor === null ? null : toMajor(link.feesMinor, link.currency),
    total: link.feesMinor === null ? null : toMajor(link.amountMinor + link.feesMinor, link.currency),
    currency: link.currency,
    failureReason: link.failureReason,
    returnUrl: status === "pending" ? null : returnUrlWith(link.returnUrl, link.reference, status),
    attempt: attempt && !othersLive ? toAttempt(attempt, now) : null,
    payable: isLinkPayable(link, now),
    ...(othersLive ? { paymentInProgress: true as const } : {}),
  };
}
