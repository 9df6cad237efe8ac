import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { withSendClaim } from "@/lib/features/money-out/send-claim";
import { stepMoneyOut, transitionOf } from "@/lib/features/money-out/step-money-out";
import { SANDBOX_PHONE_ENDINGS } from "@/lib/integrations/gateways/sandbox-simulator";
import { refundForGateway, refundOperator } from "./refund-operator";
import { transitionRefund } from "./transition-refund";

/**
 * One step of a pending refund, safe to repeat. The sandbox answers at its due time (a customer
 * whose number ends in 333 cannot receive it: failed; anyone else: completed). A live refund goes
 * through its operator like a payout (stepLiveRefund). A manual one waits for support. Returns
 * the row as it now stands.
 */
export async function advanceRefund(client: DbClient, refund: Refund, now = new Date()): Promise<Refund> {
  if (refund.status !== "pending" || refund.method === "manual" || !refund.dueAt || refund.dueAt > now) return refund;
  if (refund.environment === "sandbox") {
    const blocked = refund.customerPhone.endsWith(SANDBOX_PHONE_ENDINGS.insufficientFunds);
    await transitionRefund(client, { id: refund.id, to: blocked ? "failed" : "completed", at: now, failureReason: blocked ? "recipient_account_blocked" : undefined });
    return client.refund.findUniqueOrThrow({ where: { id: refund.id } });
  }
  return stepLiveRefund(client, refund.id, now);
}

/**
 * One step of a live refund under its send claim, like a payout's (lib/features/money-out/: looked
 * up before any resend, sent again only by the same request id, a refused resend never fails it,
 * the money released only on definite facts). Skipped when another sender holds the claim. An
 * operator no longer configured here sends nothing: a refund that never left fails (a merchant's
 * money goes back to its balance), one that did stays held for support.
 */
export async function stepLiveRefund(client: DbClient, id: string, now = new Date()): Promise<Refund> {
  await withSendClaim(client, "refund", id, async (claim) => {
    const refund = await client.refund.findUniqueOrThrow({ where: { id } });
    if (refund.status !== "pending" || refund.method === "manual") return;
    const deposit = await client.deposit.findUniqueOrThrow({ where: { id: refund.depositId } });
    const { adapter } = refundOperator(refund.gatewayName, refund.environment);
    await stepMoneyOut(client, claim, refund, adapter && { adapter, item: refundForGateway(refund, deposit) }, (outcome) =>
      transitionRefund(client, { id, ...transitionOf(outcome, now), claim }),
    now);
  });
  return client.refund.findUniqueOrThrow({ where: { id } });
}
