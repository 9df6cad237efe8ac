import { Prisma, type Deposit } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { committedHere, inTransaction } from "@/lib/core/db/in-transaction";
import { countPaymentsCompleted } from "@/lib/core/metrics/registry";
import { sandboxSimulator } from "@/lib/integrations/gateways/sandbox-simulator";
import { errorFields, log } from "@/lib/core/logging/log";
import { creditCollections, depositCollection } from "@/lib/features/ledger/credit-collection";
import { depositWebhookEvent } from "@/lib/features/webhooks/build-webhook-payload";
import { deliveriesDue } from "@/lib/features/webhooks/deliveries-due-signal";
import { recordWebhookEvents } from "@/lib/features/webhooks/record-webhook-event";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

/** Deposits settled per transaction: big enough to amortise it, small enough to hold row locks briefly. */
export const SANDBOX_SETTLE_BATCH = 200;

/**
 * An API deposit (no payment link) in the sandbox whose simulated phone's answer is final once
 * due: what it becomes can be worked out from the row alone, with no operator to call and no link
 * to settle, so a batch of them can be settled together.
 */
function batchable(deposit: Deposit) {
  return deposit.status === "pending" && deposit.environment === "sandbox" && deposit.paymentType === "DIRECT" && deposit.flow === "classic" && !deposit.paymentLinkId;
}

type Answer = { deposit: Deposit; to: "completed" | "failed"; at: Date; reason: string | null };

/**
 * Records the simulated phones' answers of sandbox DIRECT deposits (the timers of
 * scheduleSandboxAnswer, the sweep's lost timers). API deposits are settled SANDBOX_SETTLE_BATCH at
 * a time in one transaction of five statements (the status update, the ledger entries, the events
 * and their deliveries) instead of one transaction of eight per deposit, the same records
 * transitionDeposit writes. Checkout attempts go through syncDepositWithGateway one by one (their
 * link settles with them, and the checkout may have replaced them meanwhile: read again first);
 * one of them that throws is given to `onFailed` (logged by default). Returns how many deposits
 * this call moved out of pending; throws when a batch's transaction fails.
 */
export async function settleSandboxAnswers(
  client: DbClient,
  deposits: Deposit[],
  now = new Date(),
  onFailed: (id: string, error: unknown) => void = (id, error) => log("error", "sandbox answer failed", { id, ...errorFields(error) }),
): Promise<number> {
  const answers: Answer[] = [];
  let settled = 0;
  for (const deposit of deposits) {
    if (!batchable(deposit)) {
      // Alone, so that one attempt that fails does not hold back the batch's other answers.
      try {
        const current = await client.deposit.findUnique({ where: { id: deposit.id } });
        if (current && current.status === "pending" && (await syncDepositWithGateway(client, current, now)).status !== "pending") settled++;
      } catch (error) {
        onFailed(deposit.id, error);
      }
      continue;
    }
    const outcome = await sandboxSimulator.status(deposit, now);
    // Not answered yet, or a phone that never answers: its expiry settles it.
    if (outcome.status === "pending") continue;
    answers.push({ deposit, to: outcome.status, at: outcome.at ?? now, reason: outcome.status === "failed" ? outcome.reason : null });
  }
  for (let i = 0; i < answers.length; i += SANDBOX_SETTLE_BATCH) {
    settled += await settleBatch(client, answers.slice(i, i + SANDBOX_SETTLE_BATCH));
  }
  return settled;
}

async function settleBatch(client: DbClient, answers: Answer[]): Promise<number> {
  const settled = await inTransaction(client, async (tx) => {
    // Conditional on pending, as transitionDeposit is, so a deposit another runner (a read of it,
    // the sweep, another process's timer) settled first is left alone, and each is settled once.
    // The rows are locked in id order, so two batches that share deposits never deadlock.
    const values = Prisma.join(answers.map((a) => Prisma.sql`(${a.deposit.id}, ${a.to}, ${a.at}::timestamp(3), ${a.reason}::text)`));
    const rows = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Deposit" AS d SET
        "status" = v.status::"DepositStatus",
        "completedAt" = CASE WHEN v.status = 'completed' THEN v.at ELSE d."completedAt" END,
        "failedAt" = CASE WHEN v.status = 'failed' THEN v.at ELSE d."failedAt" END,
        "failureReason" = CASE WHEN v.status = 'failed' THEN v.reason ELSE d."failureReason" END
      FROM (VALUES ${values}) AS v(id, status, at, reason)
      WHERE d."id" = v.id AND d."id" IN (
        SELECT "id" FROM "Deposit"
        WHERE "id" IN (${Prisma.join(answers.map((a) => a.deposit.id))}) AND "status" = 'pending' AND "paymentLinkId" IS NULL
        ORDER BY "id"
        FOR UPDATE
      ) AND d."status" = 'pending'
      RETURNING d."id"`;
    const changed = new Set(rows.map((row) => row.id));
    // The rows as they now stand: only the status and its stamp changed (an API deposit's other
    // columns are fixed once it is made).
    const done = answers
      .filter((a) => changed.has(a.deposit.id))
      .map((a): Deposit => ({ ...a.deposit, status: a.to, ...(a.to === "completed" ? { completedAt: a.at } : { failedAt: a.at, failureReason: a.reason }) }));
    await creditCollections(
      tx,
      done
        .filter((deposit) => deposit.status === "completed")
        .map((deposit) => depositCollection(deposit, deposit.completedAt!)),
    );
    await recordWebhookEvents(
      tx,
      done.map((deposit) => depositWebhookEvent(deposit, `deposit.${deposit.status as "completed" | "failed"}`)),
    );
    return done;
  });
  if (committedHere(client) && settled.some((deposit) => deposit.callbackUrl)) deliveriesDue();
  countPaymentsCompleted(settled.filter((deposit) => deposit.status === "completed"));
  return settled.length;
}
