import { decimalToMinor } from "@/lib/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/gateways/operators/operator-http";
import { operatorTime, snakeCase, type OperatorPaymentStatus } from "@/lib/gateways/operators/operator-status";

// Wave's objects to our status (docs/operators.md):
// - checkout session: checkout_status open | complete | expired, payment_status processing |
//   cancelled | succeeded, last_payment_error {code, message}, transaction_id, when_completed;
// - payout: status processing | succeeded | failed | reversed, payout_error {error_code}.

export type WaveCheckoutSession = {
  id: string;
  /** Where the customer pays (opens the Wave app): the deposit's `url`, what the checkout opens. */
  launchUrl: string;
  clientReference: string | null;
  amountMinor?: bigint;
  currency?: string;
  expiresAt?: Date;
  status: OperatorPaymentStatus;
};

export type WavePayout = {
  id: string;
  clientReference: string | null;
  amountMinor?: bigint;
  feeMinor?: bigint;
  currency?: string;
  status: OperatorPaymentStatus;
};

// Our words for Wave's codes where we know them; others pass through in snake_case.
const REASONS: Record<string, string> = { "insufficient-funds": "insufficient_funds" };

function amounts(body: unknown, field: string) {
  const currency = stringField(body, "currency");
  const amountMinor = currency ? (decimalToMinor(stringField(body, field), currency) ?? undefined) : undefined;
  return { ...(amountMinor !== undefined ? { amountMinor } : {}), ...(currency ? { currency } : {}) };
}

/**
 * A checkout session's outcome. A failed payment attempt (last_payment_error, the
 * checkout.session.payment_failed event) is final for us, as a failed attempt is for a link: the
 * settlement should then expire the session on Wave's side so it cannot be paid later.
 */
export function waveSessionStatus(session: unknown): OperatorPaymentStatus {
  const paymentStatus = stringField(session, "payment_status");
  const checkoutStatus = stringField(session, "checkout_status");
  const occurredAt = operatorTime(stringField(session, "when_completed"));
  const reported = { ...amounts(session, "amount"), ...(occurredAt ? { occurredAt } : {}) };
  if (paymentStatus === "succeeded") {
    return { state: "succeeded", operatorCode: paymentStatus, operatorReference: stringField(session, "transaction_id"), ...reported };
  }
  const error = objectField(session, "last_payment_error");
  const errorCode = error ? stringField(error, "code") : undefined;
  if (error) {
    const code = errorCode ?? "payment-failed";
    return { state: "failed", operatorCode: code, reason: REASONS[code] ?? snakeCase(code), ...reported };
  }
  if (checkoutStatus === "expired") return { state: "failed", operatorCode: checkoutStatus, reason: "expired", ...reported };
  if (paymentStatus === "cancelled") return { state: "failed", operatorCode: paymentStatus, reason: "declined_by_customer", ...reported };
  return { state: "pending", ...(paymentStatus ? { operatorCode: paymentStatus } : {}), ...amounts(session, "amount") };
}

export function waveSession(body: unknown): WaveCheckoutSession | null {
  const id = stringField(body, "id");
  const launchUrl = stringField(body, "wave_launch_url");
  if (!id || !launchUrl) return null;
  const { amountMinor, currency } = amounts(body, "amount");
  const expiresAt = operatorTime(stringField(body, "when_expires"));
  return {
    id,
    launchUrl,
    clientReference: stringField(body, "client_reference") ?? null,
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    ...(currency ? { currency } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    status: waveSessionStatus(body),
  };
}

export function wavePayoutStatus(payout: unknown): OperatorPaymentStatus {
  const status = stringField(payout, "status");
  const reported = amounts(payout, "receive_amount");
  if (status === "succeeded") return { state: "succeeded", operatorCode: status, operatorReference: stringField(payout, "id"), ...reported };
  if (status === "failed" || status === "reversed") {
    const error = objectField(payout, "payout_error");
    const code = (error ? stringField(error, "error_code") : undefined) ?? status;
    return { state: "failed", operatorCode: code, reason: REASONS[code] ?? snakeCase(code), ...reported };
  }
  return { state: "pending", ...(status ? { operatorCode: status } : {}), ...reported };
}

export function wavePayout(body: unknown): WavePayout | null {
  const id = stringField(body, "id");
  if (!id) return null;
  const { amountMinor, currency } = amounts(body, "receive_amount");
  const feeMinor = currency ? (decimalToMinor(stringField(body, "fee"), currency) ?? undefined) : undefined;
  return {
    id,
    clientReference: stringField(body, "client_reference") ?? null,
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    ...(feeMinor !== undefined ? { feeMinor } : {}),
    ...(currency ? { currency } : {}),
    status: wavePayoutStatus(body),
  };
}
