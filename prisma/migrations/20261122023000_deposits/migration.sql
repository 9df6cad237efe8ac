-- CreateEnum
CREATE TYPE "DepositStatus" AS ENUM ('pending', 'completed', 'failed', 'expired');

-- CreateEnum
CREATE TYPE "DepositFlow" AS ENUM ('classic', 'otp');

-- CreateTable
CREATE TABLE "Deposit" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "validatedReference" TEXT,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "flow" "DepositFlow" NOT NULL,
    "paymentType" TEXT NOT NULL,
    "gatewayName" TEXT NOT NULL,
    "status" "DepositStatus" NOT NULL DEFAULT 'pending',
    "amountMinor" BIGINT NOT NULL,
    "feesMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "customerPhone" TEXT NOT NULL,
    "customerEmail" TEXT,
    "customerName" TEXT,
    "callbackUrl" TEXT,
    "returnUrl" TEXT,
    "metadata" JSONB,
    "redirectUrl" TEXT,
    "failureReason" TEXT,
    "otpHash" TEXT,
    "otpAttempts" INTEGER NOT NULL DEFAULT 0,
    "otpExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "expiredAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),

    CONSTRAINT "Deposit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Deposit_reference_key" ON "Deposit"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "Deposit_validatedReference_key" ON "Deposit"("validatedReference");

-- CreateIndex
CREATE INDEX "Deposit_merchantId_environment_createdAt_idx" ON "Deposit"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "Deposit_status_expiresAt_idx" ON "Deposit"("status", "expiresAt");

-- AddForeignKey
ALTER TABLE "Deposit" ADD CONSTRAINT "Deposit_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

