-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "paymentLinkId" TEXT;

-- CreateIndex
CREATE INDEX "Deposit_paymentLinkId_idx" ON "Deposit"("paymentLinkId");

-- AddForeignKey
ALTER TABLE "Deposit" ADD CONSTRAINT "Deposit_paymentLinkId_fkey" FOREIGN KEY ("paymentLinkId") REFERENCES "PaymentLink"("id") ON DELETE SET NULL ON UPDATE CASCADE;

