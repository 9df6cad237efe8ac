import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { openRefundDue } from "@/lib/features/refunds/open-refund-due";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { transitionMoneyOut } from "@/lib/features/money-out/transition-money-out";
import { beingSent, withSendClaim } from "@/lib/features/money-out/send-claim";

// What support does with refunds, each audited: record one paid (or not) by hand, and send again a
// refund the platform owes whose last try failed (the money is still held in refunds_due).

/** Whether support records this refund by hand now: pending, with no operator call of its own (manual), or left unresolved by its operator past the follow window. */
export function recordableByHand(refund: Pick<Refund, "status" | "method" | "unresolvedAt">): boolean {
  return refund.status === "pending" && (refund.method === "manual" || refund.unresolvedAt !== null);
}

/**
 * A refund support pays back by hand (an operator with no refund we call, or one its operator left
 * unresolved): "completed" once the customer has the money (with the operator's reference of that
 * transaction), "failed" when it cannot be made (a merchant's refund's amount then goes back to its
 * balance; a refund due stays held, to send again).
 */
export async function recordRefundByHand(
  client: DbClient,
  options: { staffId: string; reference: string; outcome: "completed" | "failed"; operatorReference?: string; note?: string; now?: Date },
) {
  const now = options.now ?? new Date();
  const refund = await client.refund.findUnique({ where: { reference: options.reference } });
  if (!refund) throw notFound("Refund", options.reference);
  if (!recordableByHand(refund)) {
    throw new DomainError("conflict", { details: `${refund.reference} is ${refund.status}${refund.status === "pending" ? " with its operator" : ""}: not one to record by hand` });
  }
  // Under the refund's send claim, never while a sender is at its operator (lib/features/money-out/).
  const recorded = await withSendClaim(client, "refund", refund.id, (claim) =>
    inTransaction(client, async (tx) => {
      const changed = await transitionMoneyOut(tx, REFUND_KIND, {
        id: refund.id,
        to: options.outcome,
        at: now,
        failureReason: options.outcome === "failed" ? `refused_by_platform${options.note ? `: ${options.note}` : ""}`.slice(0, 200) : undefined,
        operatorReference: options.operatorReference,
        claim,
      });
      if (!changed) throw new DomainError("conflict", { details: `${refund.reference} was settled meanwhile` });
      await recordAudit(tx, {
        staffId: options.staffId,
        action: `refund.recorded_${options.outcome}`,
        targetType: "refund",
        targetId: refund.reference,
        details: { ...(options.operatorReference ? { operatorReference: options.operatorReference } : {}), ...(options.note ? { note: options.note } : {}) },
      });
      return tx.refund.findUniqueOrThrow({ where: { id: refund.id } });
    }),
  );
  return recorded ?? Promise.reject(beingSent(refund.reference));
}

/** Sends again a refund due whose last refund failed: a new refund of the same money (the old one stays as history). */
export async function retryRefundDue(client: DbClient, options: { staffId: string; reference: string; now?: Date }) {
  const now = options.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const failed = await tx.refund.findUnique({ where: { reference: options.reference }, include: { deposit: true } });
    if (!failed) throw notFound("Refund", options.reference);
    if (failed.source !== "refund_due" || failed.status !== "failed") {
      throw new DomainError("conflict", { details: `${failed.reference} is a ${failed.source} refund, ${failed.status}: only a failed refund the platform owes is sent again (a merchant refunds again itself)` });
    }
    const standing = await tx.refund.count({ where: { depositId: failed.depositId, source: "refund_due", status: { not: "failed" } } });
    if (standing > 0) throw new DomainError("conflict", { details: `${failed.paymentReference} already has a refund on its way` });
    const refund = await openRefundDue(tx, {
      deposit: failed.deposit,
      reason: failed.reason ?? failed.deposit.refundDueReason ?? "refund_due",
      paymentReference: failed.paymentReference,
      callbackUrl: failed.callbackUrl,
      at: now,
      requestedBy: `support:${options.staffId}`,
    });
    await recordAudit(tx, { staffId: options.staffId, action: "refund.retried", targetType: "refund", targetId: failed.reference, details: { newReference: refund.reference } });
    return refund;
  });
}
