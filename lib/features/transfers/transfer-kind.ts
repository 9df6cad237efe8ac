import { Prisma, type Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { log } from "@/lib/core/logging/log";
import { postTransferCompletedLate } from "@/lib/features/ledger/late-success-entries";
import { postTransferFinal } from "@/lib/features/ledger/transfer-entries";
import type { MoneyOutKind } from "@/lib/features/money-out/money-out-kind";
import { stepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { transitionMoneyOut } from "@/lib/features/money-out/transition-money-out";
import type { MoneyOutForGateway } from "@/lib/integrations/gateways/adapter";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { simulatedAnswer } from "@/lib/integrations/gateways/sandbox-simulator";
import { finishBatchIfDone } from "./batches/finish-batch";
import { transferWebhookPayload } from "./transform-transfer";

// A transfer (a payout to the merchant's own wallet) as a kind of money out: what the money-out
// core (lib/features/money-out/money-out-kind.ts) needs to send, settle and follow one.

/** The payout as the operator's adapter sees it. */
export function payoutForGateway(transfer: Transfer): MoneyOutForGateway {
  return {
    reference: transfer.reference,
    operatorRequestId: transfer.operatorRequestId,
    amountMinor: transfer.amountMinor,
    currency: transfer.currency,
    phone: transfer.beneficiaryPhone,
    createdAt: transfer.createdAt,
    operatorSentAt: transfer.operatorSentAt,
  };
}

export const TRANSFER_KIND: MoneyOutKind<Transfer> = {
  table: "transfer",
  sqlTable: "Transfer",
  find: (client, id) => client.transfer.findUniqueOrThrow({ where: { id } }),
  findDue: (client, ids) => client.transfer.findMany({ where: { id: { in: ids } }, orderBy: { dueAt: "asc" } }),
  // Live payouts already sent, read sooner; never a SCHEDULED batch before its time.
  earlyWhenAll: Prisma.sql`"operatorSentAt" IS NOT NULL`,
  // A batch's line also finishes its batch when it was the last one pending (batches/finish-batch.ts).
  postFinal: async (tx, transfer, to, at, operatorFeeMinor) => {
    await postTransferFinal(tx, transfer, to, at, operatorFeeMinor);
    if (transfer.batchId) await finishBatchIfDone(tx, transfer.batchId, at);
  },
  postCompletedLate: async (tx, transfer, at, operatorFeeMinor) => {
    await postTransferCompletedLate(tx, transfer, at, operatorFeeMinor);
    if (transfer.batchId) await finishBatchIfDone(tx, transfer.batchId, at);
  },
  // A payout's amount and fees always came out of the merchant's balance.
  debitsBalance: () => true,
  webhookPayload: (transfer, to) => transferWebhookPayload(transfer, `transfer.${to}`),
  operator: async (_client, transfer) => {
    const adapter = livePayoutAdapter(transfer.gatewayName, transfer.operator);
    return adapter && { adapter, item: payoutForGateway(transfer) };
  },
  sendable: (transfer) => transfer.gatewayType !== "MANUAL",
  stepDue: (client, transfer, now) => sendDueTransfer(client, transfer, now),
};

/**
 * A DIRECT transfer whose operator answer is due, or a SCHEDULED one whose batch has come: hand
 * it to the operator and record the answer. In the sandbox the beneficiary's phone decides, as
 * for deposits (...111 declined, ...222 never answers, ...333 operator refuses, else paid); a
 * transfer that gets no answer stays pending and is no longer polled. MANUAL transfers are never
 * due: an admin decides. Returns the row as it now stands.
 */
export async function sendDueTransfer(client: DbClient, transfer: Transfer, now = new Date()): Promise<Transfer> {
  if (transfer.status !== "pending" || !transfer.dueAt || transfer.dueAt > now || transfer.gatewayType === "MANUAL") return transfer;
  if (transfer.environment !== "sandbox") {
    // A bank transfer no operator sends goes to support; a payout whose operator is gone is one
    // step like any other (never sent: failed and released; sent: held, then support's).
    if (!livePayoutAdapter(transfer.gatewayName, transfer.operator) && transfer.gatewayType === "SCHEDULED") return handOverScheduledTransfer(client, transfer, now);
    return stepLiveMoneyOut(client, TRANSFER_KIND, transfer.id, now);
  }
  const answer = simulatedAnswer(transfer.beneficiaryPhone);
  if (answer.status === "pending") {
    await client.transfer.updateMany({ where: { id: transfer.id, status: "pending", dueAt: transfer.dueAt }, data: { dueAt: null } });
  } else {
    await transitionMoneyOut(client, TRANSFER_KIND, {
      id: transfer.id,
      to: answer.status,
      at: now,
      failureReason: answer.status === "failed" ? answer.reason : undefined,
    });
  }
  return client.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
}

/**
 * A live SCHEDULED transfer no operator can send (a bank transfer): at its batch time it is handed
 * to support, who pays it by hand and records it (lib/features/transfers/review-manual-transfer.ts).
 * If nobody has within OPERATOR_FOLLOW_MS it is never failed on its own: support may have paid it
 * by hand and not recorded it yet, and releasing the funds then would pay the merchant twice. It
 * is marked unresolved instead (still awaitingApproval to the merchant), its funds held, and waits for a
 * staff decision (approve: paid; reject: failed, funds back).
 */
async function handOverScheduledTransfer(client: DbClient, transfer: Transfer, now: Date): Promise<Transfer> {
  if (!transfer.handedOverAt) {
    await client.transfer.updateMany({
      where: { id: transfer.id, status: "pending", handedOverAt: null },
      data: { handedOverAt: now, dueAt: new Date(now.getTime() + OPERATOR_FOLLOW_MS), operatorAnswer: "handed to support for payment" },
    });
  } else if (!transfer.unresolvedAt) {
    log("warn", "bank transfer not recorded as paid by support within the window: funds held for a staff decision", { reference: transfer.reference });
    await client.transfer.updateMany({
      where: { id: transfer.id, status: "pending", unresolvedAt: null },
      data: { unresolvedAt: now, dueAt: null, operatorAnswer: "not recorded as paid within 72 h: awaiting a staff decision, funds held" },
    });
  }
  return client.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
}
