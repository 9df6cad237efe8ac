import { decimalToMinor } from "@/lib/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/gateways/operators/operator-http";
import { operatorTime, type OperatorPaymentStatus } from "@/lib/gateways/operators/operator-status";

// Orange Money transaction statuses (docs/operators.md): SUCCESS; FAILED, REJECTED, CANCELLED;
// and the waiting ones INITIATED, PRE_INITIATED, PENDING, ACCEPTED. An unknown status is read
// as still pending, never as a result.

const FAILED = new Set(["FAILED", "REJECTED", "CANCELLED", "EXPIRED"]);

/** An Orange transaction object (one-step answer, status read, search result) to our status. */
export function orangeMoneyStatus(body: unknown): OperatorPaymentStatus {
  const status = stringField(body, "status")?.toUpperCase();
  const operatorReference = stringField(body, "transactionId");
  const amount = objectField(body, "amount");
  const currency = amount ? stringField(amount, "unit") : undefined;
  const amountMinor = amount && currency ? (decimalToMinor(amount.value, currency) ?? undefined) : undefined;
  const occurredAt = operatorTime(stringField(body, "updatedAt") ?? stringField(body, "createdAt"));
  const reported = {
    ...(operatorReference ? { operatorReference } : {}),
    ...(amountMinor !== undefined ? { amountMinor } : {}),
    ...(currency ? { currency } : {}),
  };
  if (status === "SUCCESS") return { state: "succeeded", operatorCode: status, ...reported, ...(occurredAt ? { occurredAt } : {}) };
  if (status && FAILED.has(status)) {
    return { state: "failed", operatorCode: status, reason: status === "CANCELLED" ? "declined_by_customer" : status.toLowerCase(), ...reported };
  }
  return { state: "pending", ...(status ? { operatorCode: status } : {}), ...reported };
}
