import { decimalToMinor } from "@/lib/integrations/gateways/operators/operator-amounts";
import { objectField, stringField } from "@/lib/integrations/gateways/operators/operator-http";
import { operatorTime, type OperatorPaymentStatus } from "@/lib/integrations/gateways/operators/operator-status";

// Orange Money transaction statuses (docs/operators.md): SUCCESS; FAILED, REJECTED, CANCELLED;
// and the waiting ones INITIATED, PRE_INITIATED, PENDING, ACCEPTED. An unknown status is read
// as still pending, never as a result.

const FAILED = new Set(["FAILED", "REJECTED", "CANCELLED", "EXPIRED"]);

/** An Orange transaction object (one-step answer, status read, search result) to our status. */
export function orangeMoneyStatus(body: unknown): OperatorPaymentStatus {
  const status = stringField(body, "status")?.toUpperCase();
  const operatorReference = stringField(body, "transactionId");
  // amount.value is a JSON number, written as a float by Orange (10.0): read through its digits.
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

/** When Orange last changed a transaction (ms), for "the latest"; 0 when it gives no time. */
const changedAt = (item: unknown) => operatorTime(stringField(item, "updatedAt") ?? stringField(item, "createdAt"))?.getTime() ?? 0;

/**
 * The transaction that says where a payment stands, among those Orange holds for one reference:
 * several may carry it (a refused try, then a paid one). A SUCCESS wins (the customer was
 * charged); else one still waiting (its outcome is to come); else the latest final one, but only
 * once it must be the last try's: each of the `earlierTries` codes Orange refused before it may
 * have left a failure here (whether a refused code leaves a transaction is UNCONFIRMED), so as
 * long as there are no more failures than those, the last try's own transaction is not shown yet
 * and the answer is pending, never an earlier refusal. Taking the first would report a paid
 * payment as failed. Null when none carries the reference.
 */
export function orangeTransactionFor(reference: string, items: unknown[], earlierTries = 0): OperatorPaymentStatus | null {
  const statuses = items
    .filter((item) => stringField(item, "reference") === reference)
    .map((item) => ({ item, status: orangeMoneyStatus(item) }));
  const decided = statuses.find(({ status }) => status.state === "succeeded") ?? statuses.find(({ status }) => status.state === "pending");
  if (decided) return decided.status;
  const failures = statuses.sort((a, b) => changedAt(b.item) - changedAt(a.item));
  if (failures.length === 0) return null;
  if (failures.length > earlierTries) return failures[0].status;
  return { state: "pending", operatorCode: `${failures[0].status.operatorCode} (an earlier try; the last one not shown yet)` };
}
