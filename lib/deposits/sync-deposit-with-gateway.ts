import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { gatewayAdapter } from "@/lib/gateways/adapter";
import { transitionDeposit } from "./transition-deposit";

/**
 * The operator's time of its answer, kept within what can be true: not before the deposit existed,
 * not after we asked (a clock ahead of ours). Without one, the time we learned it.
 */
function operatorTime(at: Date | undefined, deposit: Deposit, now: Date): Date {
  if (!at || Number.isNaN(at.getTime())) return now;
  return new Date(Math.min(Math.max(at.getTime(), deposit.createdAt.getTime()), now.getTime()));
}

/**
 * Brings a pending DIRECT/REDIRECT deposit up to date with its operator's answer, then with its
 * expiry. The operator's answer wins over the expiry, stamped with the operator's time. Safe to call from any reader at any time: transitions are conditional, so concurrent
 * callers record the outcome once. Returns the row as it now stands.
 */
export async function syncDepositWithGateway(client: DbClient, deposit: Deposit, now = new Date()): Promise<Deposit> {
  if (deposit.status !== "pending") return deposit;
  const adapter = gatewayAdapter(deposit.gatewayName, deposit.environment);
  const outcome = adapter && deposit.flow === "classic" ? await adapter.status(deposit, now) : { status: "pending" as const };
  // The answer is about the row as we read it: a checkout attempt replaced meanwhile is asked
  // again (once: supersededAt is only ever set once), since the answer may depend on it.
  const unchanged = { supersededAt: deposit.supersededAt };
  let changed = false;
  if (outcome.status === "completed") {
    changed = await transitionDeposit(client, {
      id: deposit.id,
      paymentLinkId: deposit.paymentLinkId,
      to: "completed",
      at: operatorTime(outcome.at, deposit, now),
      guard: unchanged,
    });
  } else if (outcome.status === "failed") {
    changed = await transitionDeposit(client, {
      id: deposit.id,
      paymentLinkId: deposit.paymentLinkId,
      to: "failed",
      at: operatorTime(outcome.at, deposit, now),
      failureReason: outcome.reason,
      guard: unchanged,
    });
  } else if (now.getTime() >= deposit.expiresAt.getTime()) {
    await transitionDeposit(client, { id: deposit.id, paymentLinkId: deposit.paymentLinkId, to: "expired", at: deposit.expiresAt });
  } else {
    return deposit;
  }
  // Whether this call or a concurrent one made the change, the row now holds the outcome.
  const current = await client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
  if (!changed && current.status === "pending" && current.supersededAt?.getTime() !== deposit.supersededAt?.getTime()) {
    return syncDepositWithGateway(client, current, now);
  }
  return current;
}
