import { decimalToMinor } from "@/lib/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/gateways/operators/operator-http";
import { snakeCase, type OperatorPaymentStatus } from "@/lib/gateways/operators/operator-status";

// MTN's status read (GET .../requesttopay/{id}, GET .../transfer/{id}) and its callback carry the
// same object: status PENDING | SUCCESSFUL | FAILED, a reason when FAILED (a code string, or an
// object with a code in some deployments), financialTransactionId when SUCCESSFUL, the amount as a
// decimal string and the currency. It has no time of the outcome.

// MTN failure reasons in our words where the sandbox simulator already uses them.
const REASONS: Record<string, string> = {
  NOT_ENOUGH_FUNDS: "insufficient_funds",
  APPROVAL_REJECTED: "declined_by_customer",
  PAYMENT_NOT_APPROVED: "declined_by_customer",
  TRANSACTION_CANCELED: "declined_by_customer",
  EXPIRED: "expired",
};

function reasonCode(body: unknown): string | undefined {
  const direct = stringField(body, "reason");
  if (direct) return direct;
  const nested = objectField(body, "reason");
  return nested ? stringField(nested, "code") : undefined;
}

/** MTN's transaction object to our status; an unknown status is read as still pending, never as a result. */
export function mtnMomoStatus(body: unknown): OperatorPaymentStatus {
  const status = stringField(body, "status")?.toUpperCase();
  const currency = stringField(body, "currency");
  const amountMinor = currency ? (decimalToMinor(stringField(body, "amount"), currency) ?? undefined) : undefined;
  const reported = { ...(amountMinor !== undefined ? { amountMinor } : {}), ...(currency ? { currency } : {}) };
  if (status === "SUCCESSFUL") {
    return { state: "succeeded", operatorCode: status, operatorReference: stringField(body, "financialTransactionId"), ...reported };
  }
  if (status === "FAILED" || status === "REJECTED" || status === "TIMEOUT") {
    const code = reasonCode(body) ?? status;
    return { state: "failed", operatorCode: code, reason: REASONS[code] ?? snakeCase(code), ...reported };
  }
  return { state: "pending", ...(status ? { operatorCode: status } : {}), ...reported };
}
