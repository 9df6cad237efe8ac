-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdByUserId" TEXT;

-- CreateIndex
CREATE INDEX "ApiKey_createdByUserId_idx" ON "ApiKey"("createdByUserId");

