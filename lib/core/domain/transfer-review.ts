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


/**
 * The status a merchant sees for money going out (a payout, a refund): "under_review" while its
 * operator left it unresolved past the follow window and support decides (its funds held), so a
 * merchant never reads an unknown as a failure, nor as a payout still on its way.
 */
export function moneyOutStatus(row: { status: "pending" | "completed" | "failed"; unresolvedAt: Date | null }): "pending" | "completed" | "failed" | "under_review" {
  return row.status === "pending" && row.unresolvedAt ? "under_review" : row.status;
}
