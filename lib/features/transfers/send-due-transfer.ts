import type { Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { OPERATOR_FOLLOW_MS } from "@/lib/core/domain/operator-polling";
import { log } from "@/lib/core/logging/log";
import { livePayoutAdapter } from "@/lib/integrations/gateways/live-adapters";
import { simulatedAnswer } from "@/lib/integrations/gateways/sandbox-simulator";
import { stepLiveTransfer } from "./send-live-transfer";
import { transitionTransfer } from "./transition-transfer";

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
    const payout = livePayoutAdapter(transfer.gatewayName);
    // A bank transfer no operator sends goes to support; a payout whose operator is gone is one
    // step like any other (never sent: failed and released; sent: held, then support's).
    if (!payout && transfer.gatewayType === "SCHEDULED") return handOverScheduledTransfer(client, transfer, now);
    return stepLiveTransfer(client, transfer.id, payout, now);
  }
  const answer = simulatedAnswer(transfer.beneficiaryPhone);
  if (answer.status === "pending") {
    await client.transfer.updateMany({ where: { id: transfer.id, status: "pending", dueAt: transfer.dueAt }, data: { dueAt: null } });
  } else {
    await transitionTransfer(client, {
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
