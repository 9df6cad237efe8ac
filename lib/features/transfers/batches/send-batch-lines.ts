import { Prisma, type Transfer } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { batchSendConcurrency } from "@/lib/features/money-out/money-out-settings";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { operatorOfGateway } from "@/lib/integrations/gateways/operators/operator-gateways";
import { TRANSFER_KIND } from "../transfer-kind";

/**
 * The due lines of approved batches, each its own transfer through the money-out core (its send
 * claim, unknown stays unknown, looked up before any resend: lib/features/money-out/), several at
 * once per operator as BATCH_SEND_CONCURRENCY allows. A line whose operator is down is not sent
 * and not failed: its step answers "not sent" and it waits for its next due time (the breaker's
 * retry-after), within the follow window like any payout. Run by every due-work pass.
 */
export function sendDueBatchLines(client: DbClient, now = new Date(), batchSize = 500) {
  return sendDueMoneyOut(client, TRANSFER_KIND, {
    now,
    batchSize,
    where: Prisma.sql`"batchId" IS NOT NULL`,
    pace: { keyOf: operatorKey, concurrency: (key) => batchSendConcurrency(key) },
  });
}

const operatorKey = (transfer: Transfer) => (transfer.environment === "sandbox" ? "sandbox" : (transfer.operator ?? operatorOfGateway(transfer.gatewayName) ?? transfer.gatewayName));
