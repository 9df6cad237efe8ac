import { Prisma, type Refund } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { postRefundCompletedLate } from "@/lib/features/ledger/late-success-entries";
import { postRefundCompleted, postRefundFailed } from "@/lib/features/ledger/refund-entries";
import type { MoneyOutKind } from "@/lib/features/money-out/money-out-kind";
import { stepLiveMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { transitionMoneyOut } from "@/lib/features/money-out/transition-money-out";
import type { RefundForGateway } from "@/lib/integrations/gateways/adapter";
import { SANDBOX_PHONE_ENDINGS } from "@/lib/integrations/gateways/sandbox-simulator";
import { refundForGateway, refundOperator } from "./refund-operator";
import { refundWebhookPayload } from "./transform-refund";

// A refund (a payment's money back to the customer, from the merchant's balance or owed by the
// platform) as a kind of money out: what the money-out core (lib/features/money-out/money-out-kind.ts)
// needs to send, settle and follow one.

export const REFUND_KIND: MoneyOutKind<Refund, RefundForGateway> = {
  table: "refund",
  sqlTable: "Refund",
  find: (client, id) => client.refund.findUniqueOrThrow({ where: { id } }),
  findDue: (client, ids) => client.refund.findMany({ where: { id: { in: ids } }, orderBy: { dueAt: "asc" } }),
  // Every open one, whatever its schedule.
  earlyWhenAll: Prisma.sql`TRUE`,
  // lib/features/ledger/refund-entries.ts: a merchant's refund's money goes back to its balance on
  // failure; a refund due stays held, for support to send again.
  postFinal: (tx, refund, to, at, fee) => (to === "completed" ? postRefundCompleted(tx, refund, at, fee) : postRefundFailed(tx, refund, at)),
  postCompletedLate: postRefundCompletedLate,
  // A refund the platform owes was never the merchant's money.
  debitsBalance: (refund) => refund.source === "merchant",
  webhookPayload: (refund, to) => refundWebhookPayload(refund, `refund.${to}`),
  operator: async (client, refund) => {
    const { adapter } = refundOperator(refund);
    if (!adapter) return null;
    const deposit = await client.deposit.findUniqueOrThrow({ where: { id: refund.depositId } });
    return { adapter, item: refundForGateway(refund, deposit) };
  },
  // A manual one is paid back by support, by hand.
  sendable: (refund) => refund.method !== "manual",
  stepDue: (client, refund, now) => advanceRefund(client, refund, now),
};

/**
 * One step of a pending refund, safe to repeat. The sandbox answers at its due time (a customer
 * whose number ends in 333 cannot receive it: failed; anyone else: completed). A live refund goes
 * through its operator like a payout (stepLiveMoneyOut). A manual one waits for support. Returns
 * the row as it now stands.
 */
export async function advanceRefund(client: DbClient, refund: Refund, now = new Date()): Promise<Refund> {
  if (refund.status !== "pending" || refund.method === "manual" || !refund.dueAt || refund.dueAt > now) return refund;
  if (refund.environment === "sandbox") {
    const blocked = refund.customerPhone.endsWith(SANDBOX_PHONE_ENDINGS.insufficientFunds);
    await transitionMoneyOut(client, REFUND_KIND, { id: refund.id, to: blocked ? "failed" : "completed", at: now, failureReason: blocked ? "recipient_account_blocked" : undefined });
    return client.refund.findUniqueOrThrow({ where: { id: refund.id } });
  }
  return stepLiveMoneyOut(client, REFUND_KIND, refund.id, now);
}
