// Why a payment, payout or refund failed, in our words: what the sandbox simulator and the
// operator adapters write in `failureReason` where they know the operator's code. An operator code
// we have no word for is kept as it came (snake_case) and shown as "refused by the operator".
// Each one has a human label in both catalogs (labels.failureReason), which
// lib/core/i18n/labels-coverage.test.ts checks, along with every literal reason written in lib/.
export const FAILURE_REASONS = [
  "declined_by_customer",
  "insufficient_funds",
  "otp_attempts_exceeded",
  "expired",
  "not_sent_in_time",
  "operator_has_no_record",
  // A payout or refund that never left, whose operator is no longer configured here: funds released at once.
  "operator_not_configured",
  "operator_not_received",
  "payer_not_found",
  "customer_account_not_found",
  "invalid_customer_msisdn",
  "recipient_account_blocked",
  // The operator said "failed" and gave no reason; a payout or refund failed with none recorded.
  "operator_failed",
  "failed",
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

export const isKnownFailureReason = (reason: string | null | undefined): reason is FailureReason =>
  (FAILURE_REASONS as readonly string[]).includes(reason ?? "");
