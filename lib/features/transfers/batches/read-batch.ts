import type { TransferBatch } from "@prisma/client";
import { sqlOn, type DbClient } from "@/lib/core/db/client";
import { BATCH_LINE_STATUSES, type BatchLineStatus } from "@/lib/core/schemas/transfer-batch";

// What a batch's lines stand at: each line's status is its transfer's once the batch is approved,
// else its batch's wait or cancellation. One statement per read, over the lines and their transfers.

const LINE_STATUS_SQL = `CASE WHEN t."status" IS NOT NULL THEN t."status"::text WHEN b."status" = 'cancelled' THEN 'cancelled' ELSE 'awaiting_approval' END`;

export type BatchSummary = { counts: Record<BatchLineStatus, number>; totals: Record<BatchLineStatus, { amountMinor: bigint; feesMinor: bigint }> };

/** Lines, amounts and fees by line status. */
export async function batchSummary(client: DbClient, batchId: string): Promise<BatchSummary> {
  const rows = await sqlOn(client)(
    `SELECT ${LINE_STATUS_SQL} AS status, count(*)::text AS lines, sum(l."amountMinor")::text AS amount, sum(l."feesMinor")::text AS fees
     FROM "TransferBatchLine" l JOIN "TransferBatch" b ON b."id" = l."batchId" LEFT JOIN "Transfer" t ON t."id" = l."transferId"
     WHERE l."batchId" = $1 GROUP BY 1`,
    [batchId],
  );
  const summary: BatchSummary = { counts: {} as BatchSummary["counts"], totals: {} as BatchSummary["totals"] };
  for (const status of BATCH_LINE_STATUSES) {
    summary.counts[status] = 0;
    summary.totals[status] = { amountMinor: 0n, feesMinor: 0n };
  }
  for (const row of rows) {
    const status = row.status as BatchLineStatus;
    summary.counts[status] = Number(row.lines);
    summary.totals[status] = { amountMinor: BigInt(row.amount!), feesMinor: BigInt(row.fees!) };
  }
  return summary;
}

export type BatchLineRow = {
  id: string;
  lineNumber: number;
  reference: string;
  status: BatchLineStatus;
  amountMinor: bigint;
  feesMinor: bigint;
  currency: string;
  country: string;
  gatewayName: string;
  beneficiaryPhone: string;
  beneficiaryName: string | null;
  metadata: Record<string, unknown> | null;
  transferReference: string | null;
  failureReason: string | null;
  completedAt: Date | null;
  failedAt: Date | null;
};

/**
 * A page of a batch's lines in their order, after line `after` (the cursor: the last line number
 * of the page before), optionally of one status; `limit` + 1 are read to tell whether more follow.
 */
export async function listBatchLines(
  client: DbClient,
  batch: Pick<TransferBatch, "id">,
  options: { status?: BatchLineStatus; after?: number; limit: number },
): Promise<{ lines: BatchLineRow[]; hasMore: boolean }> {
  const params: string[] = [batch.id, String(options.after ?? 0), String(options.limit + 1)];
  const status = options.status ? `AND ${LINE_STATUS_SQL} = $4` : "";
  if (options.status) params.push(options.status);
  const rows = await sqlOn(client)(
    `SELECT l."id", l."lineNumber"::text AS "lineNumber", l."reference", ${LINE_STATUS_SQL} AS status, l."amountMinor"::text AS amount, l."feesMinor"::text AS fees,
       l."currency", l."country", l."gatewayName", l."beneficiaryPhone", l."beneficiaryName", l."metadata"::text AS metadata,
       t."reference" AS "transferReference", t."failureReason", t."completedAt"::text AS "completedAt", t."failedAt"::text AS "failedAt"
     FROM "TransferBatchLine" l JOIN "TransferBatch" b ON b."id" = l."batchId" LEFT JOIN "Transfer" t ON t."id" = l."transferId"
     WHERE l."batchId" = $1 AND l."lineNumber" > $2::int ${status}
     ORDER BY l."lineNumber" LIMIT $3::int`,
    params,
  );
  const lines = rows.slice(0, options.limit).map((row): BatchLineRow => ({
    id: row.id as string,
    lineNumber: Number(row.lineNumber),
    reference: row.reference as string,
    status: row.status as BatchLineStatus,
    amountMinor: BigInt(row.amount as string),
    feesMinor: BigInt(row.fees as string),
    currency: row.currency as string,
    country: row.country as string,
    gatewayName: row.gatewayName as string,
    beneficiaryPhone: row.beneficiaryPhone as string,
    beneficiaryName: (row.beneficiaryName as string | null) ?? null,
    metadata: parseJson(row.metadata),
    transferReference: (row.transferReference as string | null) ?? null,
    failureReason: (row.failureReason as string | null) ?? null,
    completedAt: asDate(row.completedAt),
    failedAt: asDate(row.failedAt),
  }));
  return { lines, hasMore: rows.length > options.limit };
}

/** Every line of a batch, in order (the dashboard's result CSV, a retry's failed lines): pages of 500. */
export async function allBatchLines(client: DbClient, batch: Pick<TransferBatch, "id">, status?: BatchLineStatus): Promise<BatchLineRow[]> {
  const all: BatchLineRow[] = [];
  for (let after = 0; ; ) {
    const page = await listBatchLines(client, batch, { status, after, limit: 500 });
    all.push(...page.lines);
    if (!page.hasMore) return all;
    after = page.lines.at(-1)!.lineNumber;
  }
}

// Columns come back as text (lib/core/db/sql.ts): JSON as its text, a timestamp(3) as "2026-12-03 14:00:00.123" in UTC.
const parseJson = (value: string | null | undefined) => (value ? (JSON.parse(value) as Record<string, unknown>) : null);
const asDate = (value: string | null | undefined) => (value ? new Date(`${value.replace(" ", "T")}Z`) : null);
