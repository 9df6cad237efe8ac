import type { DbClient } from "@/lib/db/client";
import { errorFields, log } from "@/lib/logging/log";
import { sendDueTransfer } from "./send-due-transfer";

/** Every transfer whose time has come (DIRECT answer or SCHEDULED batch); returns how many settled. */
export async function sendDueTransfers(client: DbClient, now = new Date(), batchSize = 100): Promise<{ settled: number }> {
  const transfers = await client.transfer.findMany({
    where: { status: "pending", dueAt: { lte: now } },
    orderBy: { dueAt: "asc" },
    take: batchSize,
  });
  let settled = 0;
  for (const transfer of transfers) {
    try {
      if ((await sendDueTransfer(client, transfer, now)).status !== "pending") settled++;
    } catch (error) {
      // Tried again on the next pass; one bad row must not stop the others.
      log("error", "transfer send failed", { id: transfer.id, ...errorFields(error) });
    }
  }
  return { settled };
}
