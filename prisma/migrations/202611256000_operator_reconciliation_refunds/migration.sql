-- Reconciliation of live operator outcomes, holds for support, refunds that are paid (issue 26).

-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'completed', 'failed');

-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "followUntil" TIMESTAMP(3),
ADD COLUMN     "heldAt" TIMESTAMP(3),
ADD COLUMN     "heldReason" TEXT,
ADD COLUMN     "lastTryFailure" TEXT,
ADD COLUMN     "operatorAmountMinor" BIGINT,
ADD COLUMN     "operatorAnswer" TEXT,
ADD COLUMN     "operatorCheckedAt" TIMESTAMP(3),
ADD COLUMN     "operatorCurrency" TEXT;

-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "handedOverAt" TIMESTAMP(3),
ADD COLUMN     "operatorAnswer" TEXT,
ADD COLUMN     "operatorCheckedAt" TIMESTAMP(3),
ADD COLUMN     "operatorSentAt" TIMESTAMP(3),
ADD COLUMN     "sendAttempts" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "depositId" TEXT NOT NULL,
    "paymentReference" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reason" TEXT,
    "requestedBy" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "customerPhone" TEXT NOT NULL,
    "gatewayName" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "callbackUrl" TEXT,
    "metadata" JSONB,
    "failureReason" TEXT,
    "operatorRequestId" TEXT,
    "operatorReference" TEXT,
    "operatorFeeMinor" BIGINT,
    "operatorSentAt" TIMESTAMP(3),
    "sendAttempts" INTEGER NOT NULL DEFAULT 0,
    "operatorAnswer" TEXT,
    "operatorCheckedAt" TIMESTAMP(3),
    "dueAt" TIMESTAMP(3),
    "claimedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Refund_reference_key" ON "Refund"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_operatorRequestId_key" ON "Refund"("operatorRequestId");

-- CreateIndex
CREATE INDEX "Refund_depositId_idx" ON "Refund"("depositId");

-- CreateIndex
CREATE INDEX "Refund_merchantId_environment_createdAt_idx" ON "Refund"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "Refund_status_dueAt_idx" ON "Refund"("status", "dueAt");

-- CreateIndex
CREATE INDEX "Deposit_followUntil_nextCheckAt_idx" ON "Deposit"("followUntil", "nextCheckAt");

-- At most one standing refund of a refund due per deposit (support may open another after a
-- failed one). Not expressible in schema.prisma: a partial index of this migration's own.
CREATE UNIQUE INDEX "Refund_one_standing_refund_due_per_deposit" ON "Refund"("depositId") WHERE "source" = 'refund_due' AND "status" <> 'failed';

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Deposit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Data: keys that held every scope before refunds existed (the default for new keys) get the
-- refund scopes too. Keys deliberately restricted stay as they are.
UPDATE "ApiKey"
SET "scopes" = "scopes" || ARRAY['refunds:read', 'refunds:write']
WHERE "role" = 'merchant'
  AND "scopes" @> ARRAY['links:read', 'links:write', 'deposits:read', 'deposits:write', 'gateways:read', 'balance:read', 'transfers:read', 'transfers:write', 'analytics:read', 'events:read']
  AND NOT "scopes" @> ARRAY['refunds:read'];
