import type { GatewayOutcome } from "@/lib/integrations/gateways/adapter";
import { decimalToMinor } from "@/lib/integrations/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { snakeCase } from "@/lib/integrations/gateways/operators/operator-status";

// pawaPay's deposit, payout and refund objects in the seam's words (docs/operators-pawapay.md,
// "Statuses"). Final: COMPLETED and FAILED only. Everything else pawaPay names (ACCEPTED,
// SUBMITTED, PROCESSING, ENQUEUED, IN_RECONCILIATION) or may add later stays pending, its word
// kept for support: never a result on a guess.

// Our words for pawaPay's failure codes where we have one; the others pass through in snake_case.
const REASONS: Record<string, string> = {
  PAYMENT_NOT_APPROVED: "declined_by_customer",
  INSUFFICIENT_BALANCE: "insufficient_funds",
  PAYER_NOT_FOUND: "payer_not_found",
  RECIPIENT_NOT_FOUND: "recipient_not_found",
};

export const pawapayReason = (code: string) => REASONS[code] ?? snakeCase(code);

/** pawaPay's failureReason {failureCode, failureMessage}, as far as the body has one. */
export function failureOf(body: unknown): { code?: string; detail?: string } {
  const reason = objectField(body, "failureReason");
  return reason ? { code: stringField(reason, "failureCode"), detail: stringField(reason, "failureMessage") } : {};
}

/**
 * One deposit, payout or refund (the `data` of a status read, or a callback's body). A COMPLETED
 * without an amount we can read in its currency completes nothing: pending, pawaPay's word kept.
 */
export function pawapayOutcome(data: unknown): GatewayOutcome {
  const status = stringField(data, "status") ?? "unknown";
  const reference = stringField(data, "providerTransactionId");
  const operatorReference = reference ? { operatorReference: reference } : {};
  if (status === "COMPLETED") {
    const currency = stringField(data, "currency");
    const amountMinor = currency ? decimalToMinor(stringField(data, "amount"), currency) : null;
    if (!currency || amountMinor === null) return { status: "pending", said: "COMPLETED without an amount we can read" };
    return { status: "completed", amountMinor, currency, said: status, ...operatorReference };
  }
  if (status === "FAILED") {
    const code = failureOf(data).code ?? "UNSPECIFIED_FAILURE";
    return { status: "failed", reason: pawapayReason(code), said: `FAILED ${code}`, ...operatorReference };
  }
  return { status: "pending", said: status };
}
