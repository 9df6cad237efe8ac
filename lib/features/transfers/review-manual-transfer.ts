import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { awaitsAdmin } from "@/lib/core/domain/transfer-review";
import { beingSent, withSendClaim } from "@/lib/features/money-out/send-claim";
import { transitionMoneyOut } from "@/lib/features/money-out/transition-money-out";
import { TRANSFER_KIND } from "./transfer-kind";

/**
 * An admin's decision on a transfer waiting for one (list-manual-transfers.ts: MANUAL, a SCHEDULED
 * bank transfer handed over at its batch, a live payout its operator left unresolved): approve
 * (the payout was made: completed) or reject (failed, money back to the merchant). Audited in the
 * same transaction; a transfer already decided, or not one waiting, is refused with 409 so two
 * admins never both decide. A live one is decided under its send claim (lib/features/money-out/):
 * never while a sender is at its operator (409: try again in a minute).
 */
export async function reviewManualTransfer(
  client: DbClient,
  options: { staffId: string; reference: string; decision: "approve" | "reject"; reason?: string },
) {
  const transfer = await client.transfer.findUnique({ where: { reference: options.reference } });
  if (!transfer) throw notFound("Transfer");
  if (transfer.status === "pending" && !awaitsAdmin(transfer)) {
    throw new DomainError("conflict", { details: `${transfer.reference} is a ${transfer.gatewayType} transfer its operator is still handling, not one waiting for an admin` });
  }
  if (transfer.status !== "pending") throw new DomainError("conflict", { details: `${transfer.reference} is already ${transfer.status}` });
  const decided = await withSendClaim(client, "transfer", transfer.id, (claim) =>
    inTransaction(client, async (tx) => {
      const at = new Date();
      const changed = await transitionMoneyOut(tx, TRANSFER_KIND, {
        id: transfer.id,
        at,
        to: options.decision === "approve" ? "completed" : "failed",
        failureReason: options.decision === "reject" ? `rejected_by_platform${options.reason ? `: ${options.reason}` : ""}` : undefined,
        alsoSet: { reviewedBy: options.staffId, reviewedAt: at },
        claim,
      });
      if (!changed) throw new DomainError("conflict", { details: `${transfer.reference} was settled meanwhile` });
      await recordAudit(tx, {
        staffId: options.staffId,
        action: `transfer.${options.decision}`,
        targetType: "transfer",
        targetId: transfer.reference,
        details: options.reason ? { reason: options.reason } : undefined,
      });
      return tx.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
    }),
  );
  return decided ?? Promise.reject(beingSent(transfer.reference));
}
