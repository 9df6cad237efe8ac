-- AlterTable
ALTER TABLE "PaymentLink" ADD COLUMN     "paidAfterExpiry" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paidByDepositId" TEXT;

-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "checkoutTokenHash" TEXT,
ADD COLUMN     "refundDueReason" TEXT,
ADD COLUMN     "supersededAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Deposit_refundDueReason_idx" ON "Deposit"("refundDueReason");


-- Backfill: a completed link was paid by its (only) completed attempt, the first one approved.
UPDATE "PaymentLink" AS l SET "paidByDepositId" = (
  SELECT d."id" FROM "Deposit" d
  WHERE d."paymentLinkId" = l."id" AND d."status" = 'completed'
  ORDER BY d."completedAt" ASC, d."id" ASC LIMIT 1
) WHERE l."status" = 'completed';
