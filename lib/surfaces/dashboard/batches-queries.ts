import "server-only";
import type { TransferBatch } from "@prisma/client";
import { db } from "@/lib/core/db/client";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";
import { isNotFound, isOutcome } from "@/lib/core/errors/domain-error";
import { can } from "@/lib/features/auth/member-permissions";
import type { SessionMember } from "@/lib/features/auth/session-member";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { readBatchSelfApproval } from "@/lib/features/merchants/batch-self-approval";
import { assertMayApprove, getBatchOrThrow } from "@/lib/features/transfers/batches/approve-batch";
import { memberActor } from "@/lib/features/transfers/batches/batch-actor";
import { batchSummary, listBatchLines } from "@/lib/features/transfers/batches/read-batch";
import { withdrawalGateways } from "@/lib/features/transfers/balance-and-transfers";

// What the bulk payout pages show (issue 49): the merchant's batches, one batch with its lines and
// what this member may do with it, and what the upload page offers.

const LIST_PAGE = 50;
export const BATCH_LINES_SHOWN = 100;

/** The scope's batches, newest first, a page after the batch `after` (its id). */
export async function listBatches(scope: MerchantScope, after?: string) {
  const rows = await db().transferBatch.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIST_PAGE + 1,
    ...(after ? { cursor: { id: after }, skip: 1 } : {}),
  });
  return { items: rows.slice(0, LIST_PAGE), next: rows.length > LIST_PAGE ? rows[LIST_PAGE - 1]!.id : null };
}

/** The upload page: the gateways a line may name. */
export async function getNewBatchPage(scope: MerchantScope) {
  return { gateways: await withdrawalGateways(db(), scope) };
}

/** Whether this member may approve the batch now: their role, and the maker-checker rule as the approval itself applies it. */
async function mayApprove(batch: TransferBatch, member: SessionMember): Promise<"yes" | "maker" | "role" | "no"> {
  if (batch.status !== "awaiting_approval") return "no";
  if (!can(member.role, "transfers:approve")) return "role";
  try {
    await assertMayApprove(db(), batch, memberActor(member.userId));
    return "yes";
  } catch (error) {
    if (isOutcome(error, "not_allowed")) return "maker";
    throw error;
  }
}

/** One batch's page, or null when the scope has no such batch: its totals, a page of its lines (after line `after`), who made and approved it, what this member may do. */
export async function getBatchPage(scope: MerchantScope, reference: string, member: SessionMember, after = 0) {
  const client = db();
  let batch: TransferBatch;
  try {
    batch = await getBatchOrThrow(client, scope.merchantId, scope.environment, reference);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const userIds = [batch.createdByUserId, batch.approvedByUserId].filter((id): id is string => Boolean(id));
  const [summary, lines, retryOf, users, approve, me, availableMinor, selfApproval] = await Promise.all([
    batchSummary(client, batch.id),
    listBatchLines(client, batch, { after, limit: BATCH_LINES_SHOWN }),
    batch.retryOfBatchId ? client.transferBatch.findUnique({ where: { id: batch.retryOfBatchId }, select: { reference: true } }) : null,
    client.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }),
    mayApprove(batch, member),
    client.user.findUnique({ where: { id: member.userId }, select: { twoFactorEnabled: true } }),
    readAvailableMinor(client, scope.merchantId, scope.environment, batch.currency),
    readBatchSelfApproval(client, scope),
  ]);
  const nameOf = (id: string | null) => users.find((user) => user.id === id)?.name ?? null;
  return {
    batch,
    summary,
    lines,
    retryOfReference: retryOf?.reference ?? null,
    makerName: nameOf(batch.createdByUserId),
    approverName: nameOf(batch.approvedByUserId),
    approve,
    askCode: Boolean(me?.twoFactorEnabled),
    availableMinor,
    selfApproval,
  };
}

export type BatchPage = NonNullable<Awaited<ReturnType<typeof getBatchPage>>>;
