import type { DbClient } from "@/lib/core/db/client";
import { reconcileOperatorOutcomes, type ReconciliationPass } from "./reconcile-operator-outcomes";

export type ReadEveryOpenOutcome = Omit<ReconciliationPass, "backlog">;

/**
 * One reconciliation run on demand (npm run reconcile, the support view's "ask the operators now"):
 * passes until one finds no more than a batch, so every open outcome gets its read, bounded in case
 * an operator keeps answering "pending". Each pass calls operators: never inside a transaction.
 */
export async function readEveryOpenOutcome(client: DbClient, now: () => Date = () => new Date()): Promise<ReadEveryOpenOutcome> {
  const total: ReadEveryOpenOutcome = { depositsRead: 0, depositsSettled: 0, transfersSettled: 0, refundsSettled: 0 };
  for (let round = 0; round < 20; round++) {
    const pass = await reconcileOperatorOutcomes(client, now(), { all: true });
    total.depositsRead += pass.depositsRead;
    total.depositsSettled += pass.depositsSettled;
    total.transfersSettled += pass.transfersSettled;
    total.refundsSettled += pass.refundsSettled;
    if (!pass.backlog) break;
  }
  return total;
}
