export type DepositStatus = "pending" | "completed" | "failed" | "expired";

/** DIRECT and REDIRECT deposits wait 15 minutes for the customer; an OTP invoice 10. */
export const DEPOSIT_LIFETIME_MS = 15 * 60 * 1000;
export const INVOICE_LIFETIME_MS = 10 * 60 * 1000;
/** Wrong OTP codes allowed before the code is spent. */
export const OTP_MAX_ATTEMPTS = 5;

/**
 * A pending deposit past its expiresAt reads as expired, whether or not the expiry job ran; one
 * held for support (its operator reported other figures) does not expire: support decides it.
 */
export function effectiveDepositStatus(deposit: { status: DepositStatus; expiresAt: Date; heldReason?: string | null }, now = new Date()): DepositStatus {
  if (deposit.status === "pending" && !deposit.heldReason && now.getTime() >= deposit.expiresAt.getTime()) return "expired";
  return deposit.status;
}

/** pending -> completed | failed | expired; the final states never move. */
export function canTransitionDeposit(from: DepositStatus, to: DepositStatus): boolean {
  return from === "pending" && to !== "pending";
}
