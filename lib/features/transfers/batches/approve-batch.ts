import type { Prisma, Transfer, TransferBatch } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import type { Environment } from "@/lib/core/domain/environment";
import { toMajor } from "@/lib/core/domain/money";
import { newReference } from "@/lib/core/domain/references";
import { ulid } from "@/lib/core/domain/ulid";
import { conflict, DomainError, notFound, refused } from "@/lib/core/errors/domain-error";
import { recordAudit } from "@/lib/features/audit/record-audit";
import { ACCOUNTS } from "@/lib/features/ledger/accounts";
import { lockBalance } from "@/lib/features/ledger/lock-balance";
import type { Posting } from "@/lib/features/ledger/post-entries";
import { postEntriesMany } from "@/lib/features/ledger/post-entries";
import { readAvailableMinor } from "@/lib/features/ledger/read-balances";
import { nextBatchTime } from "@/lib/features/transfers/next-batch-time";
import { newTransferRow } from "@/lib/features/transfers/transfer-sql";
import { newLivePayout } from "@/lib/integrations/gateways/live-adapters";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import type { BatchActor } from "./batch-actor";
import { assertCovers } from "./check-batch";

// Maker-checker (issue 49): a batch is approved by a member other than its maker, unless the
// merchant allows one-person batches up to a total (Merchant.batchSelfApprovalMaxMinor). The
// approval holds the money: in one transaction, under the merchant's balance lock, the batch
// leaves awaiting_approval (once: a second approver finds it gone, 409), the balance is checked,
// and every line's transfer goes in with its ledger entries (available -> in flight), as an
// instant transfer's would. Nothing is sent here: the batch sender (send-batch-lines.ts) takes the
// lines once this has committed, at each operator's pace.

type ApproveOptions = { merchantId: string; environment: Environment; reference: string; approver: BatchActor; now?: Date };

/** The batch's own row, the merchant's, or not found (another merchant's batch is not found either). */
export async function getBatchOrThrow(client: DbClient, merchantId: string, environment: Environment, reference: string): Promise<TransferBatch> {
  const batch = await client.transferBatch.findUnique({ where: { reference } });
  if (!batch || batch.merchantId !== merchantId || batch.environment !== environment) throw notFound("Transfer batch", reference);
  return batch;
}

/** Refuses an approval its maker may not give: a key of no recorded member, or the maker above the merchant's one-person limit. */
export async function assertMayApprove(client: DbClient, batch: TransferBatch, approver: BatchActor) {
  if (!approver.userId) {
    throw new DomainError("not_allowed", { field: "approver", rule: "maker_cannot_approve", details: "this API key was made by no recorded member: an approval needs a key a member made (dashboard > Developers)" });
  }
  if (batch.createdByUserId !== approver.userId) return;
  const merchant = await client.merchant.findUniqueOrThrow({ where: { id: batch.merchantId }, select: { batchSelfApprovalMaxMinor: true, batchSelfApprovalCurrency: true } });
  const total = batch.amountMinor + batch.feesMinor;
  const allowed = merchant.batchSelfApprovalMaxMinor !== null && merchant.batchSelfApprovalCurrency === batch.currency && total <= merchant.batchSelfApprovalMaxMinor;
  if (allowed) return;
  const limit = merchant.batchSelfApprovalMaxMinor !== null && merchant.batchSelfApprovalCurrency
    ? `; one-person batches are allowed up to ${toMajor(merchant.batchSelfApprovalMaxMinor, merchant.batchSelfApprovalCurrency)} ${merchant.batchSelfApprovalCurrency}`
    : "";
  throw new DomainError("not_allowed", {
    field: "approver",
    rule: "maker_cannot_approve",
    details: `a batch is approved by another member than the one who made it${limit}`,
    hint: "batch_second_member",
  });
}

/** Approves a batch: holds its total and makes every line's transfer, once. Returns the batch as it now stands. */
export async function approveTransferBatch(client: DbClient, options: ApproveOptions): Promise<TransferBatch> {
  const now = options.now ?? new Date();
  const found = await getBatchOrThrow(client, options.merchantId, options.environment, options.reference);
  await assertMayApprove(client, found, options.approver);
  return inTransaction(client, async (tx) => {
    await lockBalance(tx, found.merchantId, found.environment, found.currency);
    const { count } = await tx.transferBatch.updateMany({
      where: { id: found.id, status: "awaiting_approval" },
      data: { status: "processing", approvedAt: now, approvedByUserId: options.approver.userId, approvedByApiKeyId: options.approver.apiKeyId },
    });
    if (count === 0) throw notAwaiting(await tx.transferBatch.findUniqueOrThrow({ where: { id: found.id } }));
    const lines = await tx.transferBatchLine.findMany({ where: { batchId: found.id }, orderBy: { lineNumber: "asc" } });
    const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
    const feesMinor = lines.reduce((sum, line) => sum + line.feesMinor, 0n);
    assertCovers(await readAvailableMinor(tx, found.merchantId, found.environment, found.currency), amountMinor + feesMinor, found.currency, feesMinor);

    const gatewayTypes = await withdrawalGatewayTypes(tx, [...new Set(lines.map((line) => line.gatewayName))]);
    const transfers = lines.map((line): Transfer => {
      const gatewayType = gatewayTypes.get(line.gatewayName);
      if (!gatewayType) throw refused(`line ${line.lineNumber}: gateway ${line.gatewayName} is no longer offered; cancel the batch and send it again`);
      const reference = newReference("transfer", found.environment);
      const operator = found.environment === "live" && gatewayType !== "MANUAL" ? newLivePayout(line.gatewayName) : null;
      return {
        ...newTransferRow({
          id: `trf_${ulid()}`,
          reference,
          merchantId: found.merchantId,
          environment: found.environment,
          gatewayName: line.gatewayName,
          gatewayType,
          amountMinor: line.amountMinor,
          feesMinor: line.feesMinor,
          currency: line.currency,
          country: line.country,
          beneficiaryPhone: line.beneficiaryPhone,
          beneficiaryName: line.beneficiaryName,
          callbackUrl: line.callbackUrl ?? found.callbackUrl,
          metadata: line.metadata,
          dueAt: lineDueAt(found.environment, gatewayType, now),
          createdAt: now,
          operatorRequestId: operator?.adapter.newRequestId({ reference }) ?? null,
          operator: operator?.operator ?? null,
        }),
        batchId: found.id,
        batchLineReference: line.reference,
      };
    });
    await tx.transfer.createMany({ data: transfers.map(({ metadata, ...row }) => ({ ...row, metadata: (metadata ?? undefined) as Prisma.InputJsonValue | undefined })) });
    await postEntriesMany(tx, transfers.map((transfer): Posting => ({
      merchantId: transfer.merchantId,
      environment: transfer.environment,
      currency: transfer.currency,
      kind: "transfer_accepted",
      reference: transfer.reference,
      at: now,
      lines: [
        [ACCOUNTS.available, -(transfer.amountMinor + transfer.feesMinor)],
        [ACCOUNTS.inFlight, transfer.amountMinor + transfer.feesMinor],
      ],
    })));
    await tx.$executeRaw`
      UPDATE "TransferBatchLine" AS l SET "transferId" = v.tid
      FROM unnest(${lines.map((line) => line.id)}::text[], ${transfers.map((t) => t.id)}::text[]) AS v(lid, tid)
      WHERE l."id" = v.lid`;
    await recordAudit(tx, {
      staffId: null,
      action: "transfer_batch.approved",
      targetType: "transfer_batch",
      targetId: found.reference,
      details: { merchantId: found.merchantId, environment: found.environment, lines: lines.length, amountMinor: String(amountMinor), feesMinor: String(feesMinor), currency: found.currency, maker: { userId: found.createdByUserId, apiKeyId: found.createdByApiKeyId }, by: options.approver },
    });
    return tx.transferBatch.findUniqueOrThrow({ where: { id: found.id } });
  });
}

/** Cancels a batch still awaiting approval (nothing was held); its references are free again. Any member who may request transfers. */
export async function cancelTransferBatch(client: DbClient, options: ApproveOptions): Promise<TransferBatch> {
  const now = options.now ?? new Date();
  const found = await getBatchOrThrow(client, options.merchantId, options.environment, options.reference);
  return inTransaction(client, async (tx) => {
    const { count } = await tx.transferBatch.updateMany({
      where: { id: found.id, status: "awaiting_approval" },
      data: { status: "cancelled", cancelledAt: now, cancelledByUserId: options.approver.userId, cancelledByApiKeyId: options.approver.apiKeyId },
    });
    if (count === 0) throw notAwaiting(await tx.transferBatch.findUniqueOrThrow({ where: { id: found.id } }));
    await tx.transferBatchLine.updateMany({ where: { batchId: found.id }, data: { activeReference: null } });
    await recordAudit(tx, { staffId: null, action: "transfer_batch.cancelled", targetType: "transfer_batch", targetId: found.reference, details: { merchantId: found.merchantId, by: options.approver } });
    return tx.transferBatch.findUniqueOrThrow({ where: { id: found.id } });
  });
}

/** Why a batch can no longer be approved or cancelled: someone else did first (409). */
function notAwaiting(batch: TransferBatch): DomainError {
  return conflict(`batch ${batch.reference} is ${batch.status.replace(/_/g, " ")}: only a batch awaiting approval can be approved or cancelled`);
}

/** When a line's transfer is first due, as an instant transfer's: a live payout at once (the batch sender's), a sandbox answer shortly, a SCHEDULED one at its batch, MANUAL never (support decides). */
function lineDueAt(environment: Environment, gatewayType: string, now: Date): Date | null {
  if (gatewayType === "MANUAL") return null;
  if (gatewayType === "SCHEDULED") return nextBatchTime(now);
  return environment === "live" ? now : new Date(now.getTime() + sandboxAnswerDelayMs());
}

async function withdrawalGatewayTypes(tx: Prisma.TransactionClient, names: string[]): Promise<Map<string, string>> {
  const gateways = await tx.gateway.findMany({ where: { kind: "withdrawal", name: { in: names } }, select: { name: true, type: true } });
  return new Map(gateways.map((gateway) => [gateway.name, gateway.type]));
}
