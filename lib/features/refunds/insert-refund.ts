import type { Deposit, Prisma, Refund } from "@prisma/client";
import { sqlOn } from "@/lib/core/db/client";
import { ulid } from "@/lib/core/domain/ulid";
import { newReference } from "@/lib/core/domain/references";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { postRefundRequested } from "@/lib/features/ledger/refund-entries";
import { sendClaimLeaseMs } from "@/lib/features/money-out/send-claim";
import { refundForGateway, refundOperator, refundOperatorOf } from "./refund-operator";
import { refundInsert } from "./refund-sql";

export type NewRefund = {
  /** Chosen beforehand when something must name it before it is written (an Idempotency-Key's recovery point); else new. */
  id?: string;
  deposit: Deposit;
  paymentReference: string;
  source: "merchant" | "refund_due";
  amountMinor: bigint;
  currency: string;
  requestedBy: string;
  reason?: string | null;
  callbackUrl?: string | null;
  metadata?: Record<string, unknown> | null;
  at: Date;
  /**
   * The request that makes it sends it once its intent is committed (createRefund): the sweep
   * leaves it to that request for a send claim's lease, and takes it over only if the request died.
   */
  sentByRequest?: boolean;
};

/**
 * Writes a refund (and, for a merchant's, the hold on its balance) in the caller's transaction.
 * Its operator request id is chosen now, before any call, so whatever happens to the calls the
 * refund can be looked up by it and never sent as a new one. Due now for a live operator, after
 * the simulated delay in the sandbox, never for a manual one (support records it).
 */
export async function insertRefund(tx: Prisma.TransactionClient, input: NewRefund): Promise<Refund> {
  const refund = newRefundRow(input);
  const insert = refundInsert(refund);
  await sqlOn(tx)(insert.text, insert.params);
  await postRefundRequested(tx, refund, input.at);
  return refund;
}

export const newRefundId = () => `rfd_${ulid()}`;

/** The row a new refund is (insertRefund's, or a merchant's refund written in direct SQL: create-refund.ts), its operator request id chosen. */
export function newRefundRow(input: NewRefund): Refund {
  const { deposit, at } = input;
  const operator = refundOperatorOf(deposit);
  const { adapter, manual } = refundOperator({ gatewayName: deposit.gatewayName, environment: deposit.environment, operator });
  const reference = newReference("refund", deposit.environment);
  const draft: Refund = {
    id: input.id ?? newRefundId(),
    reference,
    merchantId: deposit.merchantId,
    environment: deposit.environment,
    depositId: deposit.id,
    paymentReference: input.paymentReference,
    source: input.source,
    reason: input.reason ?? null,
    requestedBy: input.requestedBy,
    status: "pending",
    amountMinor: input.amountMinor,
    currency: input.currency,
    customerPhone: deposit.customerPhone,
    gatewayName: deposit.gatewayName,
    method: "simulated",
    callbackUrl: input.callbackUrl ?? null,
    metadata: (input.metadata ?? null) as Prisma.JsonValue,
    failureReason: null,
    operatorRequestId: null,
    operatorReference: null,
    operator,
    operatorFeeMinor: null,
    operatorSentAt: null,
    sendAttempts: 0,
    operatorAnswer: null,
    operatorCheckedAt: null,
    dueAt: deposit.environment === "sandbox" ? new Date(at.getTime() + sandboxAnswerDelayMs()) : manual ? null : new Date(at.getTime() + (input.sentByRequest ? sendClaimLeaseMs() : 0)),
    claimedUntil: null,
    sendClaim: null,
    sendClaimUntil: null,
    notFoundReads: 0,
    firstNoRecordAt: null,
    unresolvedAt: null,
    followUntil: null,
    completedLateAt: null,
    createdAt: at,
    completedAt: null,
    failedAt: null,
  };
  if (adapter) {
    draft.method = adapter.method(refundForGateway(draft, deposit));
    draft.operatorRequestId = adapter.newRequestId({ reference });
  } else if (manual) {
    draft.method = "manual";
    draft.operatorAnswer = "to be paid back by hand: the operator offers no refund we can call";
  }
  return draft;
}
