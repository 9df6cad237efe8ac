import type { Refund } from "@prisma/client";
import { rowInsertStatement, type Statement } from "@/lib/core/db/sql";

// A refund in direct SQL (why: lib/core/db/sql.ts), for a merchant's refund's intent under the
// balance lock (create-refund.ts, lib/core/db/locked-write.ts): its insert, every column named so
// that a column added to the model fails to compile here until it is added (rowInsertStatement),
// and what a payment's earlier refunds hold, the part of the refundable amount read under the lock.

/** A refund row's INSERT, not yet run. */
export const refundInsert = rowInsertStatement<Refund>("Refund", {
  id: "", reference: "", merchantId: "", environment: '"Environment"', depositId: "", paymentReference: "", source: "", reason: "",
  requestedBy: "", status: '"RefundStatus"', amountMinor: "bigint", currency: "", customerPhone: "", gatewayName: "", method: "",
  callbackUrl: "", metadata: "jsonb", failureReason: "", operatorRequestId: "", operatorReference: "", operator: "", operatorFeeMinor: "bigint",
  operatorSentAt: "timestamp(3)", sendAttempts: "int", operatorAnswer: "", operatorCheckedAt: "timestamp(3)", dueAt: "timestamp(3)",
  claimedUntil: "timestamp(3)", sendClaim: "", sendClaimUntil: "timestamp(3)", notFoundReads: "int", firstNoRecordAt: "timestamp(3)",
  unresolvedAt: "timestamp(3)", followUntil: "timestamp(3)", completedLateAt: "timestamp(3)", createdAt: "timestamp(3)",
  completedAt: "timestamp(3)", failedAt: "timestamp(3)",
});

/**
 * What a payment's merchant refunds still standing hold (pending or completed; a failed one gave
 * its amount back), as a WITH part, `refunded (minor)`. The payment's amount less this is what can
 * still be refunded (refundable-minor.ts).
 */
export function refundedRead(depositId: string): Statement {
  return {
    text:
      `refunded AS (SELECT COALESCE(SUM("amountMinor"), 0)::bigint AS minor FROM "Refund" ` +
      `WHERE "depositId" = $1 AND source = 'merchant' AND status IN ('pending', 'completed'))`,
    params: [depositId],
  };
}
