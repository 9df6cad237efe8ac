import type { Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { MoneyOutForGateway, PayoutAdapter } from "@/lib/integrations/gateways/adapter";
import { withSendClaim } from "@/lib/features/money-out/send-claim";
import { stepMoneyOut, transitionOf } from "@/lib/features/money-out/step-money-out";
import { transitionTransfer } from "./transition-transfer";

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

/**
 * One step of a live payout under its send claim (lib/features/money-out/: looked up before any
 * resend, sent again only by the same request id, the funds released only on definite facts,
 * left to support past the follow window). Skipped when another sender holds the claim: it is
 * that sender's step. `payout` null: the operator is no longer configured here. Returns the row
 * as it now stands.
 */
export async function stepLiveTransfer(client: DbClient, id: string, payout: PayoutAdapter | null, now = new Date()): Promise<Transfer> {
  await withSendClaim(client, "transfer", id, async (claim) => {
    // Read under the claim: what an earlier sender recorded (a send, a final answer) is seen.
    const transfer = await client.transfer.findUniqueOrThrow({ where: { id } });
    if (transfer.status !== "pending") return;
    await stepMoneyOut(client, claim, transfer, payout && { adapter: payout, item: payoutForGateway(transfer) }, (outcome) =>
      transitionTransfer(client, { id, ...transitionOf(outcome, now), claim }),
    now);
  });
  return client.transfer.findUniqueOrThrow({ where: { id } });
}
