import type { Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import type { OutgoingStep } from "@/lib/features/outgoing/advance-outgoing";
import { advanceOutgoing, outgoingHooks } from "@/lib/features/outgoing/advance-outgoing";
import { recordOutgoingStep, transitionOf } from "@/lib/features/outgoing/record-outgoing-step";
import { SANDBOX_PHONE_ENDINGS } from "@/lib/integrations/gateways/sandbox-simulator";
import { refundForGateway, refundOperator } from "./refund-operator";
import { transitionRefund } from "./transition-refund";

/**
 * One step of a pending refund, safe to repeat. The sandbox answers at its due time (a customer
 * whose number ends in 333 cannot receive it: failed; anyone else: completed). A live refund goes
 * through its operator like a payout (lib/features/outgoing/: looked up before any resend, sent again only by
 * the same request id; a refused resend never fails it). A manual one waits for support. Returns
 * the row as it now stands.
 */
export async function advanceRefund(client: DbClient, refund: Refund, now = new Date()): Promise<Refund> {
  if (refund.status !== "pending" || refund.method === "manual" || !refund.dueAt || refund.dueAt > now) return refund;
  if (refund.environment === "sandbox") {
    const blocked = refund.customerPhone.endsWith(SANDBOX_PHONE_ENDINGS.insufficientFunds);
    await transitionRefund(client, { id: refund.id, to: blocked ? "failed" : "completed", at: now, failureReason: blocked ? "recipient_account_blocked" : undefined });
    return client.refund.findUniqueOrThrow({ where: { id: refund.id } });
  }

  const deposit = await client.deposit.findUniqueOrThrow({ where: { id: refund.depositId } });
  const { adapter } = refundOperator(refund.gatewayName, refund.environment);
  // The operator is no longer configured here: nothing can be sent; the deadline still applies.
  const step: OutgoingStep = adapter
    ? await advanceOutgoing(refundForGateway(refund, deposit), adapter, outgoingHooks(client.refund, refund.id), now)
    : { kind: "not_sent", neverSent: refund.operatorSentAt === null, answer: "not sent: operator not configured" };
  await recordOutgoingStep(client.refund, refund, step, now, (outcome) => transitionRefund(client, { id: refund.id, ...transitionOf(outcome, now) }));
  return client.refund.findUniqueOrThrow({ where: { id: refund.id } });
}
