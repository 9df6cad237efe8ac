-- CreateEnum
CREATE TYPE "TransferStatus" AS ENUM ('pending', 'completed', 'failed');

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" TEXT NOT NULL,
    "journalId" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "currency" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BalanceLock" (
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "currency" TEXT NOT NULL,

    CONSTRAINT "BalanceLock_pkey" PRIMARY KEY ("merchantId","environment","currency")
);

-- CreateTable
CREATE TABLE "Transfer" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "gatewayName" TEXT NOT NULL,
    "gatewayType" TEXT NOT NULL,
    "status" "TransferStatus" NOT NULL DEFAULT 'pending',
    "amountMinor" BIGINT NOT NULL,
    "feesMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "beneficiaryPhone" TEXT NOT NULL,
    "beneficiaryName" TEXT,
    "callbackUrl" TEXT,
    "metadata" JSONB,
    "failureReason" TEXT,
    "dueAt" TIMESTAMP(3),
    "reviewedBy" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),

    CONSTRAINT "Transfer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LedgerEntry_merchantId_environment_currency_account_idx" ON "LedgerEntry"("merchantId", "environment", "currency", "account");

-- CreateIndex
CREATE INDEX "LedgerEntry_reference_idx" ON "LedgerEntry"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "Transfer_reference_key" ON "Transfer"("reference");

-- CreateIndex
CREATE INDEX "Transfer_merchantId_environment_createdAt_idx" ON "Transfer"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "Transfer_status_dueAt_idx" ON "Transfer"("status", "dueAt");

-- CreateIndex
CREATE INDEX "Transfer_status_gatewayType_idx" ON "Transfer"("status", "gatewayType");

-- CreateIndex
CREATE INDEX "PaymentLink_merchantId_environment_currency_createdAt_idx" ON "PaymentLink"("merchantId", "environment", "currency", "createdAt");

-- CreateIndex
CREATE INDEX "Deposit_merchantId_environment_currency_createdAt_idx" ON "Deposit"("merchantId", "environment", "currency", "createdAt");

