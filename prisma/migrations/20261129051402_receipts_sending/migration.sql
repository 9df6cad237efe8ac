-- CreateEnum
CREATE TYPE "LinkSendPurpose" AS ENUM ('link', 'receipt');

-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "sendReceipts" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "PaymentLink" ADD COLUMN     "receiptDueAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "LinkSend" ADD COLUMN     "dedupeKey" TEXT,
ADD COLUMN     "purpose" "LinkSendPurpose" NOT NULL DEFAULT 'link';

-- CreateIndex
CREATE INDEX "PaymentLink_receiptDueAt_idx" ON "PaymentLink"("receiptDueAt");

-- CreateIndex
CREATE UNIQUE INDEX "LinkSend_dedupeKey_key" ON "LinkSend"("dedupeKey");

