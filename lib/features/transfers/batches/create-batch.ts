import { Prisma, type TransferBatch } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { isUniqueViolation } from "@/lib/core/db/unique-violation";
import type { Environment } from "@/lib/core/domain/environment";
import { newReference } from "@/lib/core/domain/references";
import { ulid } from "@/lib/core/domain/ulid";
import { conflict } from "@/lib/core/errors/domain-error";
import type { TransferBatchEnvelope } from "@/lib/core/schemas/transfer-batch";
import { recordAudit } from "@/lib/features/audit/record-audit";
import type { BatchActor } from "./batch-actor";
import { checkTransferBatch } from "./check-batch";

type CreateOptions = {
  merchantId: string;
  environment: Environment;
  input: TransferBatchEnvelope;
  maker: BatchActor;
  /** A retry of that batch's failed lines: their references move to the new batch, in its transaction. */
  retryOf?: { batchId: string; lineIds: string[] };
  now?: Date;
};

/**
 * Makes a batch awaiting approval: checked whole first (check-batch.ts; a refusal writes nothing),
 * then the batch and its lines in one transaction, in `client`'s when it is one (the API's
 * Idempotency-Key record). Nothing is held: the money is held when a second member approves
 * (approve-batch.ts). A reference another batch took meanwhile refuses the whole batch (409).
 */
export async function createTransferBatch(client: DbClient, options: CreateOptions): Promise<TransferBatch> {
  const { merchantId, environment, input, maker } = options;
  const now = options.now ?? new Date();
  const checked = await checkTransferBatch(client, { merchantId, environment, items: input.items, retryOfBatchId: options.retryOf?.batchId });
  const batchId = `tbt_${ulid()}`;
  try {
    return await inTransaction(client, async (tx) => {
      if (options.retryOf) await handOverReferences(tx, options.retryOf);
      const batch = await tx.transferBatch.create({
        data: {
          id: batchId,
          reference: newReference("batch", environment),
          merchantId,
          environment,
          title: input.title ?? null,
          currency: checked.currency,
          lineCount: checked.lines.length,
          amountMinor: checked.amountMinor,
          feesMinor: checked.feesMinor,
          callbackUrl: input.callbackUrl ?? null,
          createdByUserId: maker.userId,
          createdByApiKeyId: maker.apiKeyId,
          retryOfBatchId: options.retryOf?.batchId ?? null,
          createdAt: now,
        },
      });
      await tx.transferBatchLine.createMany({
        data: checked.lines.map(({ lineNumber, item, gateway, amountMinor, feesMinor }) => ({
          id: `tbl_${ulid()}`,
          batchId,
          lineNumber,
          merchantId,
          environment,
          reference: item.reference,
          activeReference: item.reference,
          amountMinor,
          feesMinor,
          currency: item.currency,
          country: item.country,
          gatewayName: gateway.name,
          beneficiaryPhone: item.beneficiaryPhone,
          beneficiaryName: item.beneficiaryName ?? null,
          callbackUrl: item.callbackUrl ?? null,
          metadata: (item.metadata ?? Prisma.DbNull) as Prisma.InputJsonValue,
        })),
      });
      await recordAudit(tx, {
        staffId: null,
        action: options.retryOf ? "transfer_batch.retry_created" : "transfer_batch.created",
        targetType: "transfer_batch",
        targetId: batch.reference,
        details: { merchantId, environment, lines: checked.lines.length, amountMinor: String(checked.amountMinor), feesMinor: String(checked.feesMinor), currency: checked.currency, by: maker },
      });
      return batch;
    });
  } catch (error) {
    // Two batches naming one reference at once: the second's lines meet the first's unique reference.
    if (isUniqueViolation(error)) {
      throw conflict("a line's reference was taken by another batch made at the same time: nothing was written");
    }
    throw error;
  }
}

/** The failed lines' references, freed for the retry batch: only lines still failed (and no longer followed at their operator) and still holding theirs, all of them or the retry is refused. */
async function handOverReferences(tx: Prisma.TransactionClient, retryOf: { batchId: string; lineIds: string[] }) {
  const freed = await tx.$executeRaw`
    UPDATE "TransferBatchLine" AS l SET "activeReference" = NULL
    FROM "Transfer" AS t
    WHERE l."transferId" = t."id" AND t."status" = 'failed' AND t."followUntil" IS NULL AND l."batchId" = ${retryOf.batchId}
      AND l."activeReference" IS NOT NULL AND l."id" = ANY(${retryOf.lineIds}::text[])`;
  if (freed !== retryOf.lineIds.length) throw conflict("the failed lines were already sent again by another retry: nothing was written");
}
