-- CreateEnum
CREATE TYPE "PaymentPageSwitch" AS ENUM ('active', 'inactive');

-- AlterTable
ALTER TABLE "PaymentLink" ADD COLUMN     "paymentPageReference" TEXT;

-- CreateTable
CREATE TABLE "PaymentPage" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "status" "PaymentPageSwitch" NOT NULL DEFAULT 'active',
    "description" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "amountMinor" BIGINT,
    "minAmountMinor" BIGINT,
    "maxAmountMinor" BIGINT,
    "maxPayments" INTEGER,
    "callbackUrl" TEXT,
    "returnUrl" TEXT,
    "metadata" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "deactivatedAt" TIMESTAMP(3),

    CONSTRAINT "PaymentPage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentPage_reference_key" ON "PaymentPage"("reference");

-- CreateIndex
CREATE INDEX "PaymentPage_merchantId_environment_createdAt_idx" ON "PaymentPage"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentLink_paymentPageReference_reference_idx" ON "PaymentLink"("paymentPageReference", "reference");

-- AddForeignKey
ALTER TABLE "PaymentLink" ADD CONSTRAINT "PaymentLink_paymentPageReference_fkey" FOREIGN KEY ("paymentPageReference") REFERENCES "PaymentPage"("reference") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentPage" ADD CONSTRAINT "PaymentPage_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

