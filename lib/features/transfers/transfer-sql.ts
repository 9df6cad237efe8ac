import type { Transfer } from "@prisma/client";
import { rowInsertStatement } from "@/lib/core/db/sql";

// A transfer's insert in direct SQL (why: lib/core/db/sql.ts), for its intent under the balance
// lock (create-transfer.ts, lib/core/db/locked-write.ts). Every column is named, so a column added
// to the model fails to compile here until it is added (rowInsertStatement).

/** What a new transfer is made with; the other columns start empty, the status pending. */
export type NewTransfer = Pick<
  Transfer,
  | "id" | "reference" | "merchantId" | "environment" | "gatewayName" | "gatewayType" | "amountMinor" | "feesMinor" | "currency"
  | "country" | "beneficiaryPhone" | "beneficiaryName" | "callbackUrl" | "metadata" | "dueAt" | "createdAt" | "operatorRequestId" | "operator"
>;

/** The row a new transfer is, as the database holds it once inserted. */
export function newTransferRow(data: NewTransfer): Transfer {
  return {
    ...data,
    status: "pending", failureReason: null, reviewedBy: null, reviewedAt: null, completedAt: null, failedAt: null, operatorReference: null,
    operatorFeeMinor: null, claimedUntil: null, operatorSentAt: null, sendAttempts: 0, operatorAnswer: null, operatorCheckedAt: null,
    handedOverAt: null, sendClaim: null, sendClaimUntil: null, notFoundReads: 0, firstNoRecordAt: null, unresolvedAt: null,
    followUntil: null, completedLateAt: null, batchId: null, batchLineReference: null,
  };
}

/** A transfer row's INSERT, not yet run. */
export const transferInsert = rowInsertStatement<Transfer>("Transfer", {
  id: "", reference: "", merchantId: "", environment: '"Environment"', gatewayName: "", gatewayType: "", status: '"TransferStatus"',
  amountMinor: "bigint", feesMinor: "bigint", currency: "", country: "", beneficiaryPhone: "", beneficiaryName: "", callbackUrl: "",
  metadata: "jsonb", failureReason: "", dueAt: "timestamp(3)", reviewedBy: "", reviewedAt: "timestamp(3)", createdAt: "timestamp(3)",
  completedAt: "timestamp(3)", failedAt: "timestamp(3)", operatorRequestId: "", operatorReference: "", operator: "", operatorFeeMinor: "bigint",
  claimedUntil: "timestamp(3)", operatorSentAt: "timestamp(3)", sendAttempts: "int", operatorAnswer: "", operatorCheckedAt: "timestamp(3)",
  handedOverAt: "timestamp(3)", sendClaim: "", sendClaimUntil: "timestamp(3)", notFoundReads: "int", firstNoRecordAt: "timestamp(3)",
  unresolvedAt: "timestamp(3)", followUntil: "timestamp(3)", completedLateAt: "timestamp(3)", batchId: "", batchLineReference: "",
});
