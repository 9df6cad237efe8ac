import type { Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { nextOperatorCheck } from "@/lib/domain/operator-polling";
import type { GatewayOutcome } from "@/lib/gateways/adapter";
import type { PayoutAdapter } from "@/lib/gateways/live-adapters";
import { OperatorRejectedError } from "@/lib/gateways/operators/operator-errors";
import { errorFields, log } from "@/lib/logging/log";
import { transitionTransfer } from "./transition-transfer";

/**
 * One step of a live DIRECT payout, safe to repeat: read its status at the operator; unknown
 * there, send it (idempotent by its stored request id); then record a final answer (the ledger
 * releases the funds of a failed payout) or schedule the next read with back-off. An operator
 * that refuses the payout fails the transfer; one that cannot be reached leaves it pending, the
 * funds held, until a later step. Returns the row as it now stands.
 */
export async function sendLiveTransfer(client: DbClient, transfer: Transfer, payout: PayoutAdapter, now = new Date()): Promise<Transfer> {
  let outcome: GatewayOutcome = { status: "pending" };
  try {
    const known = await payout.status(transfer);
    if (known === "not_found") {
      const { operatorRequestId } = await payout.send(transfer);
      if (operatorRequestId) await client.transfer.update({ where: { id: transfer.id }, data: { operatorRequestId } });
    } else outcome = known;
  } catch (error) {
    // Refused when sent ("transfer": MTN, "create payout": Wave): final. A refused status read is not.
    if (error instanceof OperatorRejectedError && (error.operation === "transfer" || error.operation === "create payout")) {
      outcome = { status: "failed", reason: `operator_rejected${error.operatorCode ? `: ${error.operatorCode}` : ""}` };
    } else {
      log("warn", "live payout step failed; retried later", { reference: transfer.reference, ...errorFields(error) });
    }
  }
  if (outcome.status === "pending") {
    await client.transfer.updateMany({ where: { id: transfer.id, status: "pending" }, data: { dueAt: nextOperatorCheck(transfer.createdAt, now) } });
  } else {
    await transitionTransfer(client, {
      id: transfer.id,
      to: outcome.status,
      at: outcome.at ?? now,
      failureReason: outcome.status === "failed" ? outcome.reason : undefined,
      operatorReference: outcome.operatorReference,
      ...(outcome.status === "completed" && outcome.operatorFeeMinor !== undefined ? { operatorFeeMinor: outcome.operatorFeeMinor } : {}),
    });
  }
  return client.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
}
