import type { Transfer } from "@prisma/client";

/** Whether an admin decides this pending transfer now (lib/features/transfers/list-manual-transfers.ts awaitingAdmin, for one row). */
export function awaitsAdmin(transfer: Pick<Transfer, "status" | "gatewayType" | "handedOverAt" | "unresolvedAt">): boolean {
  if (transfer.status !== "pending") return false;
  return (
    transfer.gatewayType === "MANUAL" ||
    (transfer.gatewayType === "SCHEDULED" && transfer.handedOverAt !== null) ||
    transfer.unresolvedAt !== null
  );
}

