-- CreateEnum
CREATE TYPE "TransferBatchStatus" AS ENUM ('awaiting_approval', 'processing', 'completed', 'completed_with_failures', 'cancelled');

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "batchSelfApprovalCurrency" TEXT,
ADD COLUMN     "batchSelfApprovalMaxMinor" BIGINT;

-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "batchId" TEXT,
ADD COLUMN     "batchLineReference" TEXT;

-- CreateTable
CREATE TABLE "TransferBatch" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "title" TEXT,
    "status" "TransferBatchStatus" NOT NULL DEFAULT 'awaiting_approval',
    "currency" TEXT NOT NULL,
    "lineCount" INTEGER NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "feesMinor" BIGINT NOT NULL,
    "callbackUrl" TEXT,
    "createdByUserId" TEXT,
    "createdByApiKeyId" TEXT,
    "approvedByUserId" TEXT,
    "approvedByApiKeyId" TEXT,
    "approvedAt" TIMESTAMP(3),
    "cancelledByUserId" TEXT,
    "cancelledByApiKeyId" TEXT,
    "cancelledAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "retryOfBatchId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TransferBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransferBatchLine" (
    "id" TEXT NOT NULL,
    "batchId" TEXT NOT NULL,
    "lineNumber" INTEGER NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "reference" TEXT NOT NULL,
    "activeReference" TEXT,
    "amountMinor" BIGINT NOT NULL,
    "feesMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "gatewayName" TEXT NOT NULL,
    "beneficiaryPhone" TEXT NOT NULL,
    "beneficiaryName" TEXT,
    "callbackUrl" TEXT,
    "metadata" JSONB,
    "transferId" TEXT,

    CONSTRAINT "TransferBatchLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TransferBatch_reference_key" ON "TransferBatch"("reference");

-- CreateIndex
CREATE INDEX "TransferBatch_merchantId_environment_createdAt_idx" ON "TransferBatch"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "TransferBatch_status_idx" ON "TransferBatch"("status");

-- CreateIndex
CREATE UNIQUE INDEX "TransferBatchLine_transferId_key" ON "TransferBatchLine"("transferId");

-- CreateIndex
CREATE UNIQUE INDEX "TransferBatchLine_batchId_lineNumber_key" ON "TransferBatchLine"("batchId", "lineNumber");

-- CreateIndex
CREATE UNIQUE INDEX "TransferBatchLine_merchantId_environment_activeReference_key" ON "TransferBatchLine"("merchantId", "environment", "activeReference");

-- CreateIndex
CREATE INDEX "Transfer_batchId_status_idx" ON "Transfer"("batchId", "status");

-- AddForeignKey
ALTER TABLE "TransferBatchLine" ADD CONSTRAINT "TransferBatchLine_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "TransferBatch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

