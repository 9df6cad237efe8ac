import type { Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/db/client";
import { nextOperatorCheck } from "@/lib/domain/operator-polling";
import { gatewayAdapter, type GatewayOutcome } from "@/lib/gateways/adapter";
import { errorFields, log } from "@/lib/logging/log";
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
  // A live deposit is read at its operator on its back-off schedule (nextCheckAt: the sweep, or at
  // once after a callback), not on every merchant or checkout read: operators rate-limit, and a
  // page polling every few seconds would otherwise call the operator as often.
  if (deposit.nextCheckAt && deposit.nextCheckAt > now && now < deposit.expiresAt) return deposit;
  const adapter = gatewayAdapter(deposit.gatewayName, deposit.environment);
  let outcome: GatewayOutcome = { status: "pending" };
  // DIRECT/REDIRECT deposits, and OTP payments a live operator took with the code but has not
  // decided yet (nextCheckAt set at confirmation); an OTP invoice awaiting its code has nothing to read.
  const readable = deposit.flow === "classic" || (deposit.confirmedAt !== null && deposit.nextCheckAt !== null);
  if (adapter && readable) {
    try {
      outcome = await adapter.status(deposit, now);
    } catch (error) {
      // The operator could not be asked (down, circuit open): that says nothing about the
      // payment, so it is neither settled nor expired on it; the next read (with back-off) will tell.
      log("warn", "operator status read failed", { reference: deposit.reference, ...errorFields(error) });
      return deferNextCheck(client, deposit, now);
    }
  }
  return applyGatewayOutcome(client, deposit, outcome, now);
}

/**
 * Records an operator's answer about a pending deposit (a status read, or a verified operator
 * event that matches the deposit), then its expiry when the answer is still "pending". A success
 * about a deposit we already recorded expired is recorded too (the customer was charged): the
 * deposit completes late and, for a checkout attempt, its link is paid after expiry or the money
 * is a refund to make (lib/links/settle-link-attempt.ts).
 */
export async function applyGatewayOutcome(client: DbClient, deposit: Deposit, outcome: GatewayOutcome, now = new Date()): Promise<Deposit> {
  const lateSuccess = deposit.status === "expired" && outcome.status === "completed";
  if (deposit.status !== "pending" && !lateSuccess) return deposit;
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
      lateSuccess,
      ...(outcome.operatorReference ? { extra: { operatorReference: outcome.operatorReference } } : {}),
    });
  } else if (outcome.status === "failed") {
    changed = await transitionDeposit(client, {
      id: deposit.id,
      paymentLinkId: deposit.paymentLinkId,
      to: "failed",
      at: operatorTime(outcome.at, deposit, now),
      failureReason: outcome.reason,
      guard: unchanged,
      ...(outcome.operatorReference ? { extra: { operatorReference: outcome.operatorReference } } : {}),
    });
  } else if (now.getTime() >= deposit.expiresAt.getTime()) {
    await transitionDeposit(client, { id: deposit.id, paymentLinkId: deposit.paymentLinkId, to: "expired", at: deposit.expiresAt });
  } else {
    return deferNextCheck(client, deposit, now);
  }
  // Whether this call or a concurrent one made the change, the row now holds the outcome.
  const current = await client.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
  if (!changed && current.status === "pending" && current.supersededAt?.getTime() !== deposit.supersededAt?.getTime()) {
    return syncDepositWithGateway(client, current, now);
  }
  return current;
}

/**
 * A live deposit still pending after a status read: its next read by the due-work sweep, with
 * back-off (lib/domain/operator-polling.ts). Sandbox deposits have no nextCheckAt: untouched.
 */
async function deferNextCheck(client: DbClient, deposit: Deposit, now: Date): Promise<Deposit> {
  if (!deposit.nextCheckAt) return deposit;
  const nextCheckAt = nextOperatorCheck(deposit.createdAt, now);
  await client.deposit.updateMany({ where: { id: deposit.id, status: "pending" }, data: { nextCheckAt } });
  return { ...deposit, nextCheckAt };
}

/**
 * An expired live deposit its operator tells us about again (a late callback): one status read,
 * whose success is recorded; any other answer leaves it expired.
 */
export async function recheckExpiredDeposit(client: DbClient, deposit: Deposit, now = new Date()): Promise<Deposit> {
  const adapter = gatewayAdapter(deposit.gatewayName, deposit.environment);
  if (!adapter || deposit.status !== "expired") return deposit;
  return applyGatewayOutcome(client, deposit, await adapter.status(deposit, now), now);
}
