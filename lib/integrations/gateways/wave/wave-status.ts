import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { decimalToMinor } from "@/lib/integrations/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { operatorTime, snakeCase } from "@/lib/integrations/gateways/operators/operator-status";

// Wave's objects in the seam's words (docs/operators.md, Wave):
// - checkout session: checkout_status open | complete | expired, payment_status processing |
//   cancelled | succeeded, last_payment_error {code, message} (the LAST failed try), transaction_id,
//   when_completed (completed or expired);
// - payout: status processing | succeeded | failed | reversed, payout_error {error_code}.
// Each outcome carries what Wave said (`said`, for support) and the amount and currency Wave
// reports, for the core to compare with ours before anything completes.

export type WaveCheckoutSession = {
  id: string;
  /** Where the customer pays (opens the Wave app): the deposit's `url`, what the checkout opens. */
  launchUrl: string;
  clientReference: string | null;
  amountMinor?: bigint;
  currency?: string;
  createdAt?: Date;
  expiresAt?: Date;
  outcome: GatewayOutcome;
};

export type WavePayout = {
  id: string;
  clientReference: string | null;
  amountMinor?: bigint;
  feeMinor?: bigint;
  currency?: string;
  outcome: GatewayOutcome;
};

// Our words for Wave's codes where we know them; others pass through in snake_case.
const REASONS: Record<string, string> = { "insufficient-funds": "insufficient_funds" };
const reason = (code: string) => REASONS[code] ?? snakeCase(code);

function amounts(body: unknown, field: string) {
  const currency = stringField(body, "currency");
  const amountMinor = currency ? (decimalToMinor(stringField(body, field), currency) ?? undefined) : undefined;
  return { ...(amountMinor !== undefined ? { amountMinor } : {}), ...(currency ? { currency } : {}) };
}

/** Wave's fee for a payout, in the payout's currency: none when Wave gives none, null when it gives one we cannot read. */
function payoutFee(payout: unknown): bigint | undefined | null {
  const fee = stringField(payout, "fee");
  if (fee === undefined) return undefined;
  const currency = stringField(payout, "currency");
  return currency ? decimalToMinor(fee, currency) : null;
}

/**
 * A checkout session's outcome. Final only when the session can no longer change: paid
 * (payment_status succeeded), or closed unpaid (checkout_status expired; or complete with
 * payment_status cancelled, where Wave would close a session on a failed try, which one reading
 * of its docs says; complete while still processing stays pending: a payment may be under way).
 * A failed try on an OPEN session is not final: Wave keeps the session open ("the last failed
 * payment attempt") and the customer may top up and pay; it is reported as `lastTryFailed`.
 * payment_status "cancelled" alone says no more than that (the simulator sets it on a failed
 * try): it ends nothing while the session is open.
 */
export function waveSessionStatus(session: unknown): GatewayOutcome {
  const checkoutStatus = stringField(session, "checkout_status");
  const paymentStatus = stringField(session, "payment_status");
  const error = objectField(session, "last_payment_error");
  const errorCode = error ? (stringField(error, "code") ?? "payment-failed") : undefined;
  const said = `${[checkoutStatus, paymentStatus].filter(Boolean).join("/") || "unknown"}${errorCode ? ` (last try: ${errorCode})` : ""}`;
  const at = operatorTime(stringField(session, "when_completed"));
  const when = at ? { at } : {};
  if (paymentStatus === "succeeded") {
    const transactionId = stringField(session, "transaction_id");
    return { status: "completed", ...when, ...(transactionId ? { operatorReference: transactionId } : {}), ...amounts(session, "amount"), said };
  }
  const tryFailure = errorCode ? reason(errorCode) : paymentStatus === "cancelled" ? "declined_by_customer" : undefined;
  if (checkoutStatus === "expired") return { status: "failed", reason: "expired", ...when, said };
  if (checkoutStatus === "complete" && paymentStatus === "cancelled") return { status: "failed", reason: tryFailure ?? "declined_by_customer", ...when, said };
  return { status: "pending", said, ...(tryFailure ? { lastTryFailed: tryFailure } : {}) };
}

export function waveSession(body: unknown): WaveCheckoutSession | null {
  const id = stringField(body, "id");
  const launchUrl = stringField(body, "wave_launch_url");
  if (!id || !launchUrl) return null;
  const createdAt = operatorTime(stringField(body, "when_created"));
  const expiresAt = operatorTime(stringField(body, "when_expires"));
  return {
    id,
    launchUrl,
    clientReference: stringField(body, "client_reference") ?? null,
    ...amounts(body, "amount"),
    ...(createdAt ? { createdAt } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    outcome: waveSessionStatus(body),
  };
}

/**
 * A payout's outcome: succeeded (with Wave's fee, which comes on top of what the recipient gets),
 * failed or reversed (with payout_error's code), else processing. The amount reported is
 * receive_amount, what the recipient gets: ours to compare. A success whose fee we cannot read
 * completes nothing (the fee would never reach the ledger): pending, Wave's words kept.
 */
export function wavePayoutStatus(payout: unknown): GatewayOutcome {
  const status = stringField(payout, "status");
  const figures = amounts(payout, "receive_amount");
  const said = status ?? "unknown";
  if (status === "succeeded") {
    const id = stringField(payout, "id");
    const feeMinor = payoutFee(payout);
    if (feeMinor === null) return { status: "pending", said: `succeeded (a fee we cannot read: ${stringField(payout, "fee")})` };
    return { status: "completed", ...(id ? { operatorReference: id } : {}), ...figures, ...(feeMinor !== undefined ? { operatorFeeMinor: feeMinor } : {}), said };
  }
  if (status === "failed" || status === "reversed") {
    const error = objectField(payout, "payout_error");
    const code = (error ? stringField(error, "error_code") : undefined) ?? status;
    return { status: "failed", reason: reason(code), said: code === status ? said : `${said} (${code})` };
  }
  return { status: "pending", said };
}

export function wavePayout(body: unknown): WavePayout | null {
  const id = stringField(body, "id");
  if (!id) return null;
  const feeMinor = payoutFee(body) ?? undefined;
  return {
    id,
    clientReference: stringField(body, "client_reference") ?? null,
    ...amounts(body, "receive_amount"),
    ...(feeMinor !== undefined ? { feeMinor } : {}),
    outcome: wavePayoutStatus(body),
  };
}
