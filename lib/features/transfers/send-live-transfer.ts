import type { Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { OutgoingForGateway, PayoutAdapter } from "@/lib/integrations/gateways/adapter";
import { advanceOutgoing, outgoingHooks } from "@/lib/features/outgoing/advance-outgoing";
import { recordOutgoingStep, transitionOf } from "@/lib/features/outgoing/record-outgoing-step";
import { transitionTransfer } from "./transition-transfer";

/** The payout as the operator's adapter sees it. */
export function payoutForGateway(transfer: Transfer): OutgoingForGateway {
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

/**
 * One step of a live payout, safe to repeat (lib/features/outgoing/advance-outgoing.ts: looked up before any
 * resend, sent again only by the same request id). A final answer is recorded (a failed payout
 * gives the funds back); otherwise the next step is scheduled with back-off. The funds stay held
 * while the operator may have paid: they are released only by the operator's "failed", by a
 * payout that never left in OPERATOR_FOLLOW_MS ("not_sent_in_time"), or by an operator that still
 * has no record of it once that window is over ("operator_has_no_record"); the merchant is told by
 * the transfer.failed webhook. Anything else still open then is left to support, funds held.
 * Returns the row as it now stands.
 */
export async function sendLiveTransfer(client: DbClient, transfer: Transfer, payout: PayoutAdapter, now = new Date()): Promise<Transfer> {
  const step = await advanceOutgoing(payoutForGateway(transfer), payout, outgoingHooks(client.transfer, transfer.id), now);
  // Unresolved after the window: support decides from the operator's statement (review-manual-transfer.ts).
  await recordOutgoingStep(client.transfer, transfer, step, now, (outcome) => transitionTransfer(client, { id: transfer.id, ...transitionOf(outcome, now) }));
  return client.transfer.findUniqueOrThrow({ where: { id: transfer.id } });
}
