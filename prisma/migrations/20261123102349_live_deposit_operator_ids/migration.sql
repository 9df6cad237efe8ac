-- AlterTable
ALTER TABLE "Deposit" ADD COLUMN     "nextCheckAt" TIMESTAMP(3),
ADD COLUMN     "operatorReference" TEXT,
ADD COLUMN     "operatorRequestId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Deposit_operatorRequestId_key" ON "Deposit"("operatorRequestId");

-- CreateIndex
CREATE INDEX "Deposit_status_nextCheckAt_idx" ON "Deposit"("status", "nextCheckAt");

