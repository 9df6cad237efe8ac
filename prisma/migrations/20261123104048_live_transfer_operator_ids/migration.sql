-- AlterTable
ALTER TABLE "Transfer" ADD COLUMN     "operatorReference" TEXT,
ADD COLUMN     "operatorRequestId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Transfer_operatorRequestId_key" ON "Transfer"("operatorRequestId");

