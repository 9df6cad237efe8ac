import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { transitionDeposit } from "@/lib/features/deposits/transition-deposit";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { holdRefundDue } from "@/lib/features/ledger/hold-refund-due";
import { openRefundDue } from "@/lib/features/refunds/open-refund-due";

/**
 * Support's decision on a deposit held because its operator reported other figures than ours
 * (lib/features/deposits/sync-deposit-with-gateway.ts), taken from the operator's own statement:
 * - "complete": the operator did take our amount (its read was wrong): the deposit completes, late
 *   if we had ended it, and is credited like any other;
 * - "fail": it did not: the deposit fails (if still pending), and whatever the operator says it
 *   took goes back to the customer as a refund due (held in refunds_due, paid back by the refund
 *   machinery), never to the merchant.
 * Audited with both figures; a deposit no longer held is refused with 409.
 */
export async function resolveHeldDeposit(
  client: DbClient,
  options: { staffId: string; reference: string; decision: "complete" | "fail"; note?: string; now?: Date },
) {
  const now = options.now ?? new Date();
  return inTransaction(client, async (tx) => {
    const deposit = await tx.deposit.findFirst({ where: { OR: [{ reference: options.reference }, { validatedReference: options.reference }] } });
    if (!deposit) throw notFound("Payment", options.reference);
    // Taken first, under the row's lock: two staff deciding at once decide once.
    const { count } = await tx.deposit.updateMany({ where: { id: deposit.id, heldReason: { not: null } }, data: { heldReason: null } });
    if (count === 0 || !deposit.heldReason) throw new DomainError("conflict", { details: `${deposit.reference} is not held for support` });

    if (options.decision === "complete") {
      const done = await transitionDeposit(tx, { id: deposit.id, to: "completed", at: now, lateSuccess: deposit.status !== "pending", paymentLinkId: deposit.paymentLinkId });
      if (!done) throw new DomainError("conflict", { details: `${deposit.reference} is ${deposit.status} and cannot complete` });
    } else {
      if (deposit.status === "pending") {
        await transitionDeposit(tx, { id: deposit.id, to: "failed", at: now, failureReason: deposit.heldReason, paymentLinkId: deposit.paymentLinkId });
      }
      const taken = deposit.operatorAmountMinor ?? 0n;
      if (taken > 0n) {
        const owed = await tx.deposit.update({ where: { id: deposit.id }, data: { refundDueReason: deposit.heldReason } });
        const currency = deposit.operatorCurrency ?? deposit.currency;
        await holdRefundDue(tx, { merchantId: deposit.merchantId, environment: deposit.environment, currency, reference: deposit.reference, amountMinor: taken, feesMinor: 0n, at: now });
        // The operator's figures stay on the row: the refund due gives back what it took (chargedMinor).
        await openRefundDue(tx, {
          deposit: owed,
          reason: deposit.heldReason,
          paymentReference: deposit.validatedReference ?? deposit.reference,
          callbackUrl: deposit.callbackUrl,
          at: now,
          requestedBy: `support:${options.staffId}`,
        });
      }
    }
    await recordAudit(tx, {
      staffId: options.staffId,
      action: `deposit.hold_${options.decision === "complete" ? "completed" : "failed"}`,
      targetType: "deposit",
      targetId: deposit.id,
      details: {
        reference: deposit.reference,
        heldReason: deposit.heldReason,
        ours: `${deposit.amountMinor + deposit.feesMinor} ${deposit.currency}`,
        operator: `${deposit.operatorAmountMinor ?? "?"} ${deposit.operatorCurrency ?? deposit.currency}`,
        ...(options.note ? { note: options.note } : {}),
      },
    });
    return tx.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
  });
}
