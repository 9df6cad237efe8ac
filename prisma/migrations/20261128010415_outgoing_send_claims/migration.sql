-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN     "recoveryPoint" TEXT NOT NULL DEFAULT 'started',
ADD COLUMN     "resourceId" TEXT;

-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "notFoundReads" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sendClaim" TEXT,
ADD COLUMN     "sendClaimUntil" TIMESTAMP(3),
ADD COLUMN     "unresolvedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "notFoundReads" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sendClaim" TEXT,
ADD COLUMN     "sendClaimUntil" TIMESTAMP(3),
ADD COLUMN     "unresolvedAt" TIMESTAMP(3);


-- Payouts and refunds an earlier version left to support (live, pending, no more automatic steps:
-- dueAt null) are unresolved now, and read again on the slow schedule from now on.
UPDATE "Transfer" SET "unresolvedAt" = COALESCE("operatorCheckedAt", CURRENT_TIMESTAMP), "dueAt" = CURRENT_TIMESTAMP
WHERE "status" = 'pending' AND "environment" = 'live' AND "gatewayType" = 'DIRECT' AND "dueAt" IS NULL;
UPDATE "Refund" SET "unresolvedAt" = COALESCE("operatorCheckedAt", CURRENT_TIMESTAMP), "dueAt" = CURRENT_TIMESTAMP
WHERE "status" = 'pending' AND "environment" = 'live' AND "method" <> 'manual' AND "dueAt" IS NULL;
